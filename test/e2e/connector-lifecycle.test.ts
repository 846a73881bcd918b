import type { ConnectorRecord } from "../../src/client";
import { distinctiveSecret, startE2eApi } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";
import { E2eStack } from "./support/e2e-stack";
import type { RecordedRun } from "./support/e2e-stack";
import { CONNECTOR_TYPE, expectNoLeaksAndSmallProviders } from "./support/leak-checks";
import { opsOf, stepOf, succeeded, writesOf } from "./support/steps";

const PATCH = "PATCH /api/v1/integrations/:integrationId";
const DELETE = "DELETE /api/v1/integrations/:integrationId";
const POST = "POST /api/v1/integrations";

/**
 * A connector from preview to destroy (deletionPolicy "delete"), one program run per step. The steps share
 * one stack, so they run once in beforeAll and each test reads what its step did.
 */
describe("e2e: a connector's lifecycle", () => {
  const firstSecret = distinctiveSecret("client-secret");
  const rotatedSecret = distinctiveSecret("rotated-secret");
  let api: E2eApi;
  let stack: E2eStack;
  const runs: Record<string, RecordedRun> = {};
  const remote: Record<string, ConnectorRecord> = {};
  let firstId: string;
  let renamedId: string;

  beforeAll(async () => {
    api = await startE2eApi();
    stack = await E2eStack.create("connector-lifecycle", api, {
      config: { name: "e2e-lifecycle", clientId: "e2e-client-id", enabled: "false" },
      secrets: { clientSecret: firstSecret },
    });
    const idOf = (run: RecordedRun): string => String(run.outputs.connectorId?.value);

    runs.preview = succeeded(await stack.preview());
    runs.create = succeeded(await stack.up());
    firstId = idOf(runs.create);
    remote.created = await api.client.getIntegration(firstId);
    runs.again = succeeded(await stack.up());

    await stack.setConfig("enabled", "true");
    runs.toggle = succeeded(await stack.up());
    remote.toggled = await api.client.getIntegration(firstId);

    await stack.setConfig("clientSecret", rotatedSecret, { secret: true });
    runs.rotate = succeeded(await stack.up());

    await stack.setConfig("name", "e2e-lifecycle-renamed");
    runs.rename = succeeded(await stack.up());
    renamedId = idOf(runs.rename);
    remote.replaced = await api.client.getIntegration(firstId);
    remote.renamed = await api.client.getIntegration(renamedId);

    await api.client.updateIntegration(renamedId, { enabled: false });
    runs.refresh = succeeded(await stack.refresh());
    runs.restore = succeeded(await stack.up());
    remote.restored = await api.client.getIntegration(renamedId);

    // destroy runs no program: the engine configures the provider with the stack config stored at the last
    // up, so a base URL changed since (here to a port nothing listens on) is not used until the next up.
    await stack.setConfig("integrations:baseUrl", "http://127.0.0.1:9");
    runs.destroy = succeeded(await stack.destroy());
    remote.destroyed = await api.client.getIntegration(renamedId);
  }, 300_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  it("previews the create without writing to the API", () => {
    expect(opsOf(runs.preview, "connector")).toEqual(["create"]);
    expect(writesOf(runs.preview)).toEqual([]);
  });

  it("creates the connector as configured (disabled: POST, then PATCH)", () => {
    expect(opsOf(runs.create, "connector")).toEqual(["create"]);
    expect(writesOf(runs.create)).toEqual([POST, PATCH]);
    expect(remote.created).toMatchObject({ name: "e2e-lifecycle", appName: "github", enabled: false });
    expect(remote.created.authConfig).toMatchObject({ client_id: "e2e-client-id", scopes: ["repo"] });
    expect(runs.create.outputs.connectorEnabled).toEqual({ value: false, secret: false });
  });

  it("changes nothing on a second up: every step same, no write", () => {
    expect(runs.again.steps.length).toBeGreaterThan(0);
    expect(runs.again.steps.filter((step) => step.op !== "same")).toEqual([]);
    expect(writesOf(runs.again)).toEqual([]);
  });

  it("toggles enabled in place with exactly one PATCH", () => {
    expect(opsOf(runs.toggle, "connector")).toEqual(["update"]);
    expect(stepOf(runs.toggle, "connector", "update").diffs).toEqual(["enabled"]);
    expect(writesOf(runs.toggle)).toEqual([PATCH]);
    expect(remote.toggled.enabled).toBe(true);
    expect(runs.toggle.outputs.connectorId?.value).toBe(firstId);
  });

  it("rotates the client secret in place: an update of authConfig, not a replacement", () => {
    expect(opsOf(runs.rotate, "connector")).toEqual(["update"]);
    // authConfig is secret as a whole, so the event log masks both sides of its change: what the engine
    // stored after the update shows it.
    const stored = JSON.stringify(stack.snapshots[stack.runs.indexOf(runs.rotate)]);
    expect(stored).toContain(rotatedSecret);
    expect(stored).not.toContain(firstSecret);
    expect(writesOf(runs.rotate)).toEqual([PATCH]);
    expect(runs.rotate.outputs.connectorId?.value).toBe(firstId);
  });

  it("replaces the connector when its name changes: the new one first, then the old one deleted", () => {
    const ops = opsOf(runs.rename, "connector");
    expect(ops).toEqual(expect.arrayContaining(["create-replacement", "replace", "delete-replaced"]));
    expect(ops.indexOf("create-replacement")).toBeLessThan(ops.indexOf("delete-replaced"));
    expect(stepOf(runs.rename, "connector", "replace").replaces).toEqual(["name"]);
    expect(writesOf(runs.rename)).toEqual([POST, DELETE]);
    expect(renamedId).not.toBe(firstId);
    expect(remote.renamed).toMatchObject({ name: "e2e-lifecycle-renamed", enabled: true, deleted: false });
    expect(remote.replaced.deleted).toBe(true);
  });

  it("shows an out-of-band disable as drift of enabled on refresh, without writing", () => {
    expect(stepOf(runs.refresh, "connector", "refresh").diffs).toContain("enabled");
    expect(writesOf(runs.refresh)).toEqual([]);
  });

  it("restores enabled on the next up with one PATCH", () => {
    // The inputs did not change (only the remote did), so the update names no input: one PATCH shows it.
    expect(opsOf(runs.restore, "connector")).toEqual(["update"]);
    expect(writesOf(runs.restore)).toEqual([PATCH]);
    expect(remote.restored.enabled).toBe(true);
  });

  it("soft-deletes the connector on destroy (deletionPolicy delete), reaching it with the config of the last up", () => {
    expect(opsOf(runs.destroy, "connector")).toEqual(["delete"]);
    expect(writesOf(runs.destroy)).toEqual([DELETE]);
    expect(remote.destroyed.deleted).toBe(true);
  });

  it("keeps the API key and both client secrets out of state, logs and provider output", () => {
    expectNoLeaksAndSmallProviders(
      stack,
      {
        managed: { "first client secret": firstSecret, "rotated client secret": rotatedSecret },
        other: { "API key": api.apiKey },
      },
      [CONNECTOR_TYPE],
    );
  });
});
