import type { ConnectorRecord } from "../../src/client";
import { SERVER_DEFAULT_KEY } from "../../src/emulator/auth-config-normalisation";
import { distinctiveSecret, startE2eApi } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";
import { E2eStack } from "./support/e2e-stack";
import type { RecordedRun } from "./support/e2e-stack";
import { CONNECTOR_TYPE, expectNoLeaksAndSmallProviders } from "./support/leak-checks";
import { driftOf, opsOf, refreshResultsOf, succeeded, writesOf } from "./support/steps";

const PATCH = "PATCH /api/v1/integrations/:integrationId";
const POST = "POST /api/v1/integrations";

/**
 * `up --refresh` (a refresh, then an up: what the CLI runs) against a service that, as real ones do, adds
 * an authConfig key of its own and normalises values (trims, sorts lists). Only drift of what the stack
 * applied may count: then it converges after one create, and after one repair of a real change.
 */
describe("e2e: up --refresh converges when the service normalises authConfig", () => {
  const clientSecret = distinctiveSecret("client-secret");
  let api: E2eApi;
  let stack: E2eStack;
  const runs: Record<string, RecordedRun> = {};
  let created: ConnectorRecord;
  let id: string;

  beforeAll(async () => {
    api = await startE2eApi({ normaliseAuthConfig: true });
    stack = await E2eStack.create("normalising-server", api, {
      config: { clientId: "  e2e-normalised-client  " },
      secrets: { clientSecret },
    });
    runs.create = succeeded(await stack.up());
    id = String(runs.create.outputs.connectorId?.value);
    created = await api.client.getIntegration(id);
    for (const round of [1, 2]) {
      runs[`refresh${round}`] = succeeded(await stack.refresh());
      runs[`up${round}`] = succeeded(await stack.up());
    }
    // A real change of an applied key, made outside the stack.
    await api.client.updateIntegration(id, {
      authConfig: { client_id: "changed-elsewhere", client_secret: "console-secret", scopes: ["repo"] },
    });
    runs.driftRefresh = succeeded(await stack.refresh());
    runs.repair = succeeded(await stack.up());
    runs.afterRepairRefresh = succeeded(await stack.refresh());
    runs.afterRepairUp = succeeded(await stack.up());
    succeeded(await stack.destroy());
  }, 300_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  it("is served a normalised authConfig with a key the stack never sent", () => {
    expect(writesOf(runs.create)).toEqual([POST]);
    expect(created.authConfig).toEqual({
      [SERVER_DEFAULT_KEY]: expect.any(String),
      client_id: "e2e-normalised-client",
      scopes: ["admin:org", "read:user", "repo"],
    });
  });

  it("reports no drift on refresh and sends no PATCH on the next up, round after round", () => {
    for (const round of [1, 2]) {
      expect(refreshResultsOf(runs[`refresh${round}`], "connector")).toEqual(["same"]);
      expect(driftOf(runs[`refresh${round}`], "connector")).toEqual([]);
      expect(writesOf(runs[`refresh${round}`])).toEqual([]);
      expect(opsOf(runs[`up${round}`], "connector")).toEqual(["same"]);
      expect(writesOf(runs[`up${round}`])).toEqual([]);
    }
  });

  it("still reports a real change of an applied key, repairs it with one PATCH, then converges", async () => {
    // The refresh ends as an update (the CLI's "~ updated": the provider's diff of what was read against
    // the program found a change). authConfig is secret, so the event log masks the change itself: the
    // state it stored shows it.
    expect(refreshResultsOf(runs.driftRefresh, "connector")).toEqual(["update"]);
    const stored = stack.snapshots[stack.runs.indexOf(runs.driftRefresh)]?.find(
      (resource) => resource.type === CONNECTOR_TYPE,
    );
    expect(JSON.stringify(stored?.outputs.authConfig)).toContain("changed-elsewhere");
    expect(opsOf(runs.repair, "connector")).toEqual(["update"]);
    expect(writesOf(runs.repair)).toEqual([PATCH]);
    expect(refreshResultsOf(runs.afterRepairRefresh, "connector")).toEqual(["same"]);
    expect(driftOf(runs.afterRepairRefresh, "connector")).toEqual([]);
    expect(writesOf(runs.afterRepairUp)).toEqual([]);
  });

  it("leaks no secret and keeps one small provider", () => {
    expectNoLeaksAndSmallProviders(
      stack,
      { managed: { "client secret": clientSecret }, other: { "API key": api.apiKey } },
      [CONNECTOR_TYPE],
    );
  });
});
