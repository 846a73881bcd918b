import type { ConnectorRecord } from "../../src/client";
import { distinctiveSecret, startE2eApi } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";
import { E2eStack } from "./support/e2e-stack";
import type { RecordedRun } from "./support/e2e-stack";
import { CONNECTOR_TYPE, expectNoLeaksAndSmallProviders } from "./support/leak-checks";
import { opsOf, succeeded, writesTo } from "./support/steps";

/** What destroy does remotely under each deletionPolicy: one up and one destroy of three connectors. */
describe("e2e: destroy under each deletionPolicy", () => {
  const slackClientSecret = distinctiveSecret("slack-client-secret");
  let api: E2eApi;
  let stack: E2eStack;
  let up: RecordedRun;
  let destroy: RecordedRun;
  const ids: Record<"delete" | "disable" | "retain", string> = { delete: "", disable: "", retain: "" };
  let retainedBefore: ConnectorRecord;
  const after: Record<string, ConnectorRecord> = {};

  beforeAll(async () => {
    api = await startE2eApi();
    stack = await E2eStack.create("deletion-policies", api, { secrets: { slackClientSecret } });
    up = succeeded(await stack.up());
    ids.delete = String(up.outputs.deletedId?.value);
    ids.disable = String(up.outputs.disabledId?.value);
    ids.retain = String(up.outputs.retainedId?.value);
    retainedBefore = await api.client.getIntegration(ids.retain);
    destroy = await stack.destroy();
    for (const [policy, id] of Object.entries(ids)) after[policy] = await api.client.getIntegration(id);
  }, 180_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  it("creates the three connectors and destroys all three resources", () => {
    expect(destroy.error).toBeUndefined();
    for (const policy of ["delete", "disable", "retain"]) {
      expect(opsOf(up, `on-destroy-${policy}`)).toEqual(["create"]);
      expect(opsOf(destroy, `on-destroy-${policy}`)).toEqual(["delete"]);
    }
  });

  it('"delete" soft-deletes the connector', () => {
    expect(writesTo(destroy, ids.delete)).toEqual(["DELETE"]);
    expect(after.delete?.deleted).toBe(true);
  });

  it('"disable" leaves the connector in place, disabled', () => {
    expect(writesTo(destroy, ids.disable)).toEqual(["PATCH"]);
    expect(after.disable).toMatchObject({ enabled: false, deleted: false });
  });

  it('"retain" leaves the connector untouched', () => {
    expect(writesTo(destroy, ids.retain)).toEqual([]);
    expect(after.retain).toEqual(retainedBefore);
    expect(after.retain).toMatchObject({ enabled: true, deleted: false });
  });

  it("keeps the API key and the client secret out of state, logs and provider output", () => {
    expectNoLeaksAndSmallProviders(
      stack,
      { managed: { "slack client secret": slackClientSecret }, other: { "API key": api.apiKey } },
      [CONNECTOR_TYPE],
    );
  });
});
