import type { ConnectorRecord } from "../../src/client";
import { distinctiveSecret, startE2eApi, theirDisabledIntegration } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";
import { E2eStack } from "./support/e2e-stack";
import type { RecordedRun } from "./support/e2e-stack";
import { INTEGRATION_STATE_TYPE, expectNoLeaksAndSmallProviders } from "./support/leak-checks";
import { opsOf, writesOf } from "./support/steps";

const PATCH = "PATCH /api/v1/integrations/:integrationId";

/** An OAuth integration created by someone else, disabled; the stack enables it and gives it back on destroy. */
describe("e2e: IntegrationState takes over an existing integration", () => {
  const theirSecret = distinctiveSecret("their-client-secret");
  const ourSecret = distinctiveSecret("our-client-secret");
  let api: E2eApi;
  let stack: E2eStack;
  let integrationId: string;
  let up: RecordedRun;
  let destroy: RecordedRun;
  let afterUp: ConnectorRecord;
  let afterDestroy: ConnectorRecord;

  beforeAll(async () => {
    api = await startE2eApi();
    integrationId = await theirDisabledIntegration(api.client, theirSecret);

    stack = await E2eStack.create("integration-state-takeover", api, {
      config: { integrationId },
      secrets: { clientSecret: ourSecret },
    });
    up = await stack.up();
    afterUp = await api.client.getIntegration(integrationId);
    destroy = await stack.destroy();
    afterDestroy = await api.client.getIntegration(integrationId);
  }, 180_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  it("enables the integration with one PATCH, creating nothing", () => {
    expect(up.error).toBeUndefined();
    expect(opsOf(up, "taken-over")).toEqual(["create"]);
    expect(writesOf(up)).toEqual([PATCH]);
    expect(afterUp).toMatchObject({ id: integrationId, enabled: true, deleted: false });
    expect(up.outputs.enabled).toEqual({ value: true, secret: false });
    expect(up.outputs.priorEnabled).toEqual({ value: false, secret: false });
  });

  it('puts enabled back on destroy (onDelete "restore") and keeps the integration', () => {
    expect(destroy.error).toBeUndefined();
    expect(opsOf(destroy, "taken-over")).toEqual(["delete"]);
    expect(writesOf(destroy)).toEqual([PATCH]);
    expect(afterDestroy).toMatchObject({ id: integrationId, enabled: false, deleted: false });
  });

  it("keeps the API key and both client secrets out of state, logs and provider output", () => {
    expectNoLeaksAndSmallProviders(
      stack,
      {
        managed: { "our client secret": ourSecret },
        other: { "API key": api.apiKey, "their client secret": theirSecret },
      },
      [INTEGRATION_STATE_TYPE],
    );
  });
});
