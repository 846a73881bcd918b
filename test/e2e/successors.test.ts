/**
 * A TriggerWebhook and an IntegrationState with `onDelete: "restore"` (the dynamic resources) given a
 * successor, with the real CLI: renamed or moved into a component without `aliases` (the engine creates the
 * new resource, then deletes the old one: the delete leaves the account to its successor and warns), the same
 * with `aliases` (no create, no delete, a destroy restores), and `pulumi up --replace` (the classes delete
 * first by default: the successor carries the value found before the stack). Each scenario starts from a
 * callback URL and an enabled integration set outside the stack, and ends with `pulumi preview --refresh
 * --expect-no-changes` and a destroy. One stack, one emulator, the scenarios one after the other.
 */
import { startE2eApi, type E2eApi } from "./support/e2e-api";
import { E2eStack } from "./support/e2e-stack";
import { INTEGRATION_STATE_TYPE, TRIGGER_WEBHOOK_TYPE } from "./support/leak-checks";
import {
  FOUND_URL,
  STACK_URL,
  runScenario,
  stepsOn,
  unrestoredWarnings,
  type Outcome,
  type SuccessorWorld,
} from "./support/successors";

const TYPES = { hook: TRIGGER_WEBHOOK_TYPE, state: INTEGRATION_STATE_TYPE };
const ORIGINAL = { hook: "hook", state: "state" };

let api: E2eApi;
let e2e: E2eStack;
let world: SuccessorWorld;

/** Runs one scenario (the tests run one after the other, in file order) and logs what each command cost. */
async function scenario(key: string, change: Parameters<typeof runScenario>[1]): Promise<Outcome> {
  const outcome = await runScenario(world, change);
  console.log(`dynamic ${key}: ${outcome.costs.join(", ")}`);
  return outcome;
}

beforeAll(async () => {
  api = await startE2eApi();
  const integration = await api.client.createIntegration({
    name: "e2e-successors-hackernews",
    appName: "hackernews",
    forceNewIntegration: true,
  });
  e2e = await E2eStack.create("successors", api, {
    config: { url: STACK_URL, integrationId: integration.id },
  });
  world = {
    stack: e2e.stack,
    emulator: api.emulator,
    client: api.client,
    integrationId: integration.id,
    types: TYPES,
  };
}, 120_000);

afterAll(async () => {
  await e2e?.dispose();
  await api?.close();
});

interface Names {
  hook: string;
  state: string;
}

/** A successor created first: the account stays as state says, a warning names what nothing puts back. */
function expectCreatedFirst(outcome: Outcome, old: Names, successor: Names) {
  expect(outcome.remote).toEqual({ url: outcome.hook.outputs.url, enabled: outcome.state.outputs.enabled });
  expect(outcome.remote).toEqual({ url: STACK_URL, enabled: false });
  // The successor found what its predecessor set: that is what it records, and a destroy keeps.
  expect(outcome.hook.outputs.priorUrl).toBe(STACK_URL);
  expect(outcome.state.outputs.priorEnabled).toBe(false);
  // The deletes wrote nothing (the creates found the values already set).
  expect(outcome.change.writes).toEqual([]);
  const warnings = unrestoredWarnings(outcome.change);
  expect(warnings).toEqual([
    expect.stringContaining(
      `warning: IntegrationState "${old.state}" was deleted without putting back what it found on integration ` +
        `${world.integrationId} (enabled: true): IntegrationState "${successor.state}" manages the integration`,
    ),
    expect.stringContaining(
      `warning: TriggerWebhook "${old.hook}" was deleted without putting back the callback URL it found ` +
        `(${FOUND_URL}): TriggerWebhook "${successor.hook}" manages the account's URL`,
    ),
  ]);
  expect(outcome.check.error).toBeUndefined();
  expect(outcome.destroyed).toEqual({ url: STACK_URL, enabled: false });
}

/** No successor at all: the same resources, a destroy restores what was found before the stack. */
function expectKept(outcome: Outcome) {
  expect(outcome.change.writes).toEqual([]);
  expect(unrestoredWarnings(outcome.change)).toEqual([]);
  expect(outcome.hook.outputs.priorUrl).toBe(FOUND_URL);
  expect(outcome.state.outputs.priorEnabled).toBe(true);
  expect(outcome.remote).toEqual({ url: STACK_URL, enabled: false });
  expect(outcome.check.error).toBeUndefined();
  expect(outcome.destroyed).toEqual({ url: FOUND_URL, enabled: true });
}

describe("e2e: successors of a TriggerWebhook and an IntegrationState (dynamic resources)", () => {
  it("a rename without aliases: created first, the old ones deleted without a revert, and a warning", async () => {
    const outcome = await scenario("renamed", { layout: "renamed" });
    expect(stepsOn(outcome.change, TYPES).sort()).toEqual(
      ["create hook-renamed", "create state-renamed", "delete hook", "delete state"].sort(),
    );
    expectCreatedFirst(outcome, ORIGINAL, { hook: "hook-renamed", state: "state-renamed" });
  }, 120_000);

  it("a rename in two deployments (`up --target` the new ones, then `up`): the same warning", async () => {
    const renamed = { hook: "hook-renamed", state: "state-renamed" };
    const outcome = await scenario("renamed-targeted", {
      layout: "renamed",
      targetFirst: [e2e.urn(TYPES.hook, renamed.hook), e2e.urn(TYPES.state, renamed.state)],
    });
    expect(stepsOn(outcome.targeted!, TYPES).sort()).toEqual([
      "create hook-renamed",
      "create state-renamed",
      "same hook",
      "same state",
    ]);
    // The successors exist before this deployment: checked (with their olds), never created in it.
    expect(stepsOn(outcome.change, TYPES).sort()).toEqual([
      "delete hook",
      "delete state",
      "same hook-renamed",
      "same state-renamed",
    ]);
    expectCreatedFirst(outcome, ORIGINAL, renamed);
  }, 120_000);

  it("a rename with aliases: no create, no delete; destroy restores", async () => {
    const outcome = await scenario("renamed-aliased", { layout: "renamed-aliased" });
    // The TriggerWebhook records its new name (an update that writes nothing); the IntegrationState's diff
    // does not compare resourceName, so its state keeps the old one.
    expect(stepsOn(outcome.change, TYPES).sort()).toEqual(["same state-renamed", "update hook-renamed"]);
    expectKept(outcome);
  }, 120_000);

  it("a move into a component without aliases: the same as a rename", async () => {
    const outcome = await scenario("component", { layout: "component" });
    expect(stepsOn(outcome.change, TYPES).sort()).toEqual(
      ["create hook in Holder", "create state in Holder", "delete hook", "delete state"].sort(),
    );
    // The successor has the same logical name: the warning names it so.
    expectCreatedFirst(outcome, ORIGINAL, ORIGINAL);
  }, 120_000);

  it("a move into a component with aliases: no create, no delete; destroy restores", async () => {
    const outcome = await scenario("component-aliased", { layout: "component-aliased" });
    expect(stepsOn(outcome.change, TYPES).sort()).toEqual(["same hook in Holder", "same state in Holder"]);
    expectKept(outcome);
  }, 120_000);

  it("`up --replace` deletes first by default and carries the value found before the stack", async () => {
    const outcome = await scenario("replace", { layout: "original", replace: true });
    for (const name of ["hook", "state"])
      expect(stepsOn(outcome.change, TYPES).filter((step) => step.endsWith(` ${name}`))).toEqual([
        `delete-replaced ${name}`,
        `replace ${name}`,
        `create-replacement ${name}`,
      ]);
    expect(unrestoredWarnings(outcome.change)).toEqual([]);
    expect(outcome.hook.outputs.priorUrl).toBe(FOUND_URL);
    expect(outcome.state.outputs.priorEnabled).toBe(true);
    expect(outcome.remote).toEqual({ url: STACK_URL, enabled: false });
    expect(outcome.check.error).toBeUndefined();
    expect(outcome.destroyed).toEqual({ url: FOUND_URL, enabled: true });
  }, 120_000);
});
