/**
 * The live feed (`fireEverySeconds`, `--fire-every`) on Jest's fake clock: which instances each period fires
 * is decided by startLiveFeed alone (a timer and a loop over the store), so the test moves time itself and
 * counts exact fires instead of waiting for deliveries that a loaded machine makes late.
 * (Over HTTP, with real deliveries: delivery.test.ts and cli.test.ts.)
 */
import { CatalogIndex } from "../../src/emulator/catalog-index";
import { builtInCatalog, generateFixtures } from "../../src/emulator";
import type { WebhookDeliveries } from "../../src/emulator/delivery/deliveries";
import { startLiveFeed } from "../../src/emulator/delivery/live-feed";
import { fixturesToState, loadFixtures } from "../../src/emulator/fixtures";
import type { ActiveTriggerRecord } from "../../src/emulator/records";
import { Store, type TenantStore } from "../../src/emulator/store";

const KEYS = ["feed-key-a", "feed-key-b"];

/** Two tenants with two active instances each (fixture-trigger-1 and -2); nothing is written anywhere. */
function twoTenants(): Store {
  const fixtures = {
    tenants: Object.fromEntries(
      KEYS.map((apiKey) => [apiKey, generateFixtures({ apiKey, activeTriggers: 2 }).tenants[apiKey]]),
    ),
  };
  const state = fixturesToState(loadFixtures(fixtures), KEYS, new CatalogIndex(builtInCatalog));
  return new Store(KEYS, state, () => undefined);
}

/** What the feed asked to fire, as "<tenant index>:<instance id>", in order. */
function recordingDeliveries(store: Store) {
  const fired: string[] = [];
  const deliveries = {
    fire: (tenant: TenantStore, instance: ActiveTriggerRecord) => {
      fired.push(`${store.configuredTenants().indexOf(tenant)}:${instance.id}`);
      return { eventId: "msg_test", logId: "log_test", delivery: "scheduled" as const };
    },
  } as unknown as WebhookDeliveries;
  return { fired, deliveries };
}

let stop: () => void = () => undefined;
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  stop();
  jest.useRealTimers();
});

it("fires every enabled instance of every tenant once per period, from the first period on", () => {
  const store = twoTenants();
  const { fired, deliveries } = recordingDeliveries(store);
  stop = startLiveFeed(store.configuredTenants(), deliveries, 0.5);
  jest.advanceTimersByTime(499);
  expect(fired).toEqual([]);
  jest.advanceTimersByTime(1);
  const onePeriod = [
    "0:fixture-trigger-1",
    "0:fixture-trigger-2",
    "1:fixture-trigger-1",
    "1:fixture-trigger-2",
  ];
  expect(fired).toEqual(onePeriod);
  jest.advanceTimersByTime(1000);
  expect(fired).toEqual([...onePeriod, ...onePeriod, ...onePeriod]);
});

it("never fires a disabled instance, and follows instances disabled, enabled and added between periods", () => {
  const store = twoTenants();
  const [a, b] = store.configuredTenants() as [TenantStore, TenantStore];
  const at = new Date().toISOString();
  a.updateActiveTrigger("fixture-trigger-1", { disabledAt: at, disabledReason: null }, at);
  const { fired, deliveries } = recordingDeliveries(store);
  stop = startLiveFeed(store.configuredTenants(), deliveries, 1);
  jest.advanceTimersByTime(1000);
  expect(fired.splice(0)).toEqual(["0:fixture-trigger-2", "1:fixture-trigger-1", "1:fixture-trigger-2"]);

  a.updateActiveTrigger("fixture-trigger-1", { disabledAt: null }, at);
  b.updateActiveTrigger("fixture-trigger-2", { disabledAt: at, disabledReason: null }, at);
  b.removeActiveTrigger("fixture-trigger-1");
  a.addActiveTrigger({ ...(a.getActiveTrigger("fixture-trigger-2") as ActiveTriggerRecord), id: "added" });
  jest.advanceTimersByTime(1000);
  expect(fired.splice(0)).toEqual(["0:fixture-trigger-1", "0:fixture-trigger-2", "0:added"]);
});

it("fires nothing more once stopped", () => {
  const store = twoTenants();
  const { fired, deliveries } = recordingDeliveries(store);
  stop = startLiveFeed(store.configuredTenants(), deliveries, 0.1);
  jest.advanceTimersByTime(100);
  expect(fired).toHaveLength(4);
  stop();
  jest.advanceTimersByTime(10_000);
  expect(fired).toHaveLength(4);
  expect(jest.getTimerCount()).toBe(0);
});
