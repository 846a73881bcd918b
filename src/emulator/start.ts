/** startEmulator: wires the catalog, store, persistence, faults and request log into a listening server. */
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { bareKeyAccount, checkKeyAccounts, parseApiKeySpec, type KeyAccount } from "./accounts";
import { builtInCatalog } from "./catalog";
import { CatalogIndex } from "./catalog-index";
import { ServerClock } from "./clock";
import { FaultController } from "./faults";
import { fixturesToState, loadFixtures } from "./fixtures";
import { DEFAULT_DELIVERY_SETTINGS, WebhookDeliveries } from "./delivery/deliveries";
import { startLiveFeed } from "./delivery/live-feed";
import { DataFileWriter, loadDataFile } from "./persistence";
import { LateCommits } from "./late-commits";
import { InMemoryRequestLog } from "./request-log";
import { buildServer } from "./server";
import { Store } from "./store";
import type { EmulatorOptions, RunningEmulator } from "./types";

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = "127.0.0.1";

export const generateApiKey = (): string => `emu_${randomBytes(18).toString("base64url")}`;
/** 32 URL-safe characters: used as is (as ASCII bytes) as the HMAC key of deliveries. */
const generateWebhookSecret = (): string => randomBytes(24).toString("base64url");

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  checkDeliveryOptions(options);
  const fixtures = options.fixtures === undefined ? undefined : loadFixtures(options.fixtures);
  const keyAccounts = resolveApiKeys(options.apiKeys, fixtures ? Object.keys(fixtures.tenants) : []);
  const apiKeys = keyAccounts.map((account) => account.key);
  const catalog = new CatalogIndex(options.catalog ?? builtInCatalog);
  const saved = options.dataFile === undefined ? undefined : loadDataFile(options.dataFile);
  // A saved data file wins: fixtures only seed a store that has never been saved.
  const initial = saved?.state ?? (fixtures ? fixturesToState(fixtures, keyAccounts, catalog) : undefined);

  let writer: DataFileWriter | undefined;
  const store = new Store(
    keyAccounts,
    initial,
    (tenant, change) => writer?.record(tenant, change),
    saved?.journal,
  );
  if (options.dataFile !== undefined) {
    writer = new DataFileWriter(options.dataFile, () => store.snapshot(), saved);
  }
  // Made once per tenant and kept (the writer records it): consumers verify deliveries with it.
  for (const tenant of store.configuredTenants()) {
    if (tenant.webhookSettings().secret === undefined) {
      tenant.updateWebhookSettings({ secret: generateWebhookSecret() });
    }
  }
  await writer?.flush();
  const persist = () => writer?.flush() ?? Promise.resolve();
  const faults = new FaultController(options.faults);
  const clock = new ServerClock((key) => faults.clockOffsetMs(key));
  const deliveries = new WebhookDeliveries(
    catalog,
    {
      retryDelaysMs: options.deliveryRetryDelaysMs ?? DEFAULT_DELIVERY_SETTINGS.retryDelaysMs,
      timeoutMs: options.deliveryTimeoutMs ?? DEFAULT_DELIVERY_SETTINGS.timeoutMs,
    },
    persist,
    clock,
  );
  const requestLog = new InMemoryRequestLog();
  const lateCommits = new LateCommits();
  const app = buildServer(
    {
      catalog,
      store,
      faults,
      requestLog,
      apiKeys,
      normaliseAuthConfig: options.normaliseAuthConfig ?? false,
      secretValues: options.secretValues ?? "omitted",
      deliveries,
      clock,
    },
    { quiet: options.quiet ?? true, persist, observeResponse: options.observeResponse, lateCommits },
  );
  await app.listen({ port: options.port ?? DEFAULT_PORT, host: options.host ?? DEFAULT_HOST });
  const stopLiveFeed =
    options.fireEverySeconds === undefined
      ? () => undefined
      : startLiveFeed(store.configuredTenants(), deliveries, options.fireEverySeconds);

  let closing: Promise<void> | undefined;
  return {
    url: urlOf(app.server.address() as AddressInfo),
    apiKey: apiKeys[0] as string,
    apiKeys: [...apiKeys],
    accountIdOf: (key) => {
      const index = apiKeys.indexOf(key);
      if (index < 0) throw new Error("accountIdOf: not a configured API key");
      return store.tenant(index).clientId;
    },
    requestLog,
    faults: () => faults.get(),
    setFaults: (patch) => void faults.set(patch),
    clearFaults: () => void faults.clear(),
    close: () => {
      if (!closing) {
        stopLiveFeed();
        // Late commits not yet due are cancelled (lost, as a server stopped before committing them would
        // lose them); one being applied is waited for. Pending deliveries stop next: they write log
        // entries, which the writer then flushes.
        closing = lateCommits
          .close()
          .then(() => deliveries.close())
          .then(() => app.close())
          .then(() => writer?.close());
      }
      return closing;
    },
  };
}

function checkDeliveryOptions(options: EmulatorOptions): void {
  const { fireEverySeconds, deliveryTimeoutMs, deliveryRetryDelaysMs } = options;
  if (fireEverySeconds !== undefined && !(fireEverySeconds > 0 && Number.isFinite(fireEverySeconds))) {
    throw new Error("fireEverySeconds must be a number of seconds above 0");
  }
  if (deliveryTimeoutMs !== undefined && !(deliveryTimeoutMs > 0 && Number.isFinite(deliveryTimeoutMs))) {
    throw new Error("deliveryTimeoutMs must be a number of milliseconds above 0");
  }
  if (deliveryRetryDelaysMs?.some((delay) => !(delay >= 0 && Number.isFinite(delay)))) {
    throw new Error("deliveryRetryDelaysMs must be a list of milliseconds, each 0 or more");
  }
}

/**
 * The configured keys and their accounts: the given `key` / `key=tenant` entries, else the fixtures' keys
 * (each its own account: fixtures are keyed by key), else one generated key.
 */
function resolveApiKeys(given: string[] | undefined, fromFixtures: string[]): KeyAccount[] {
  const accounts =
    given && given.length > 0
      ? given.map((spec, index) => parseApiKeySpec(spec, index + 1))
      : (fromFixtures.length > 0 ? fromFixtures : [generateApiKey()]).map(bareKeyAccount);
  checkKeyAccounts(accounts);
  return accounts;
}

function urlOf(address: AddressInfo): string {
  const wildcard = address.address === "0.0.0.0" || address.address === "::";
  const host = wildcard ? "127.0.0.1" : address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
