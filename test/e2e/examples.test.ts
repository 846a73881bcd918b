import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { startReceiver, type Delivery } from "../../examples/triggers-as-code/receiver";
import { TestStack } from "../engine";
import type { OperationResult } from "../engine";
import { stageProgram } from "../support/packed-package";
import { distinctiveSecret, startE2eApi } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";

/** The examples exactly as shipped in examples/, run from the packed package as users run them. */
const EXAMPLES = join(__dirname, "..", "..", "examples");

const changesOf = (result: OperationResult) => result.steps.filter((step) => step.op !== "same");

describe("e2e: the examples", () => {
  let api: E2eApi;
  beforeAll(async () => {
    api = await startE2eApi();
  });
  afterAll(() => api?.close());

  it("quickstart: creates, changes nothing on a second up, and destroys handing the shared Slack back", async () => {
    const githubClientSecret = distinctiveSecret("github-client-secret");
    const shared = await api.client.createIntegration({
      name: "slack-shared",
      appName: "slack",
      authScheme: "OAUTH2",
      authConfig: { client_id: "shared-slack", client_secret: distinctiveSecret("slack-secret") },
      forceNewIntegration: true,
    });
    await api.client.updateIntegration(shared.id, { enabled: false });
    const stack = await TestStack.create(
      await stageProgram(join(EXAMPLES, "quickstart"), "example-quickstart"),
      {
        config: {
          "integrations:baseUrl": api.emulator.url,
          githubClientId: "quickstart-client-id",
          sharedSlackIntegrationId: shared.id,
        },
        secrets: { "integrations:apiKey": api.apiKey, githubClientSecret },
      },
    );
    try {
      const up = await stack.up();
      expect(up.error).toBeUndefined();
      expect(up.outputs.githubTriggerNames?.value).toContain("GITHUB_STAR_ADDED_EVENT");
      expect(up.outputs.sharedSlackEnabled?.value).toBe(true);
      expect((await api.client.getIntegration(shared.id)).enabled).toBe(true);

      expect(changesOf(await stack.up())).toEqual([]);

      const destroy = await stack.destroy();
      expect(destroy.error).toBeUndefined();
      expect((await api.client.getIntegration(shared.id)).enabled).toBe(false);
      const github = await api.client.getIntegration(String(up.outputs.githubConnectorId?.value));
      expect(github.deleted).toBe(true);
      const stateText = (await stack.stateText()) ?? "";
      for (const secret of [githubClientSecret, api.apiKey]) expect(stateText).not.toContain(secret);
    } finally {
      await stack.dispose();
    }
  }, 180_000);

  it("multi-environment: dev and prod stacks of one program, each shaped by its config", async () => {
    const dir = await stageProgram(join(EXAMPLES, "multi-environment"), "example-multi-environment");
    const stackFor = (name: "dev" | "prod", apps: string[], deletionPolicy: string) =>
      TestStack.create(dir, {
        stack: name,
        config: {
          "integrations:baseUrl": api.emulator.url,
          oauthClientId: `${name}-client-id`,
          apps: JSON.stringify(apps),
          enabled: "true",
          deletionPolicy,
        },
        secrets: {
          "integrations:apiKey": api.apiKey,
          oauthClientSecret: distinctiveSecret(`${name}-secret`),
        },
      });
    const dev = await stackFor("dev", ["github", "slack"], "delete");
    const prod = await stackFor("prod", ["github", "slack", "linear"], "retain");
    try {
      const devUp = await dev.up();
      const prodUp = await prod.up();
      expect(devUp.error).toBeUndefined();
      expect(prodUp.error).toBeUndefined();
      const devIds = devUp.outputs.connectorIds?.value as Record<string, string>;
      const prodIds = prodUp.outputs.connectorIds?.value as Record<string, string>;
      expect(Object.keys(devIds).sort()).toEqual(["github", "slack"]);
      expect(Object.keys(prodIds).sort()).toEqual(["github", "linear", "slack"]);
      expect((await api.client.getIntegration(prodIds.linear as string)).name).toBe("linear-prod");

      expect((await dev.destroy()).error).toBeUndefined();
      expect((await prod.destroy()).error).toBeUndefined();
      // dev deletes its connectors; prod's policy keeps them for the systems connected to them.
      expect((await api.client.getIntegration(devIds.github as string)).deleted).toBe(true);
      expect((await api.client.getIntegration(prodIds.github as string)).deleted).toBe(false);
    } finally {
      await dev.dispose();
      await prod.dispose();
    }
  }, 180_000);

  it("triggers-as-code: an account, two instances and the webhook; a fired event arrives verified", async () => {
    const trelloApiKey = distinctiveSecret("trello-api-key");
    const trelloUserToken = distinctiveSecret("trello-user-token");
    let webhookSecret: string | undefined;
    const deliveries: Delivery[] = [];
    const rejected: string[] = [];
    const receiver = await startReceiver({
      port: 0,
      secret: () => webhookSecret,
      onDelivery: (delivery) => deliveries.push(delivery),
      onRejected: (reason) => rejected.push(reason),
    });
    const stack = await TestStack.create(
      await stageProgram(join(EXAMPLES, "triggers-as-code"), "example-triggers-as-code"),
      {
        config: {
          "integrations:baseUrl": api.emulator.url,
          boardId: "5abbe4b7ddc1b351ef961414",
          receiverUrl: receiver.url,
        },
        secrets: { "integrations:apiKey": api.apiKey, trelloApiKey, trelloUserToken },
      },
    );
    try {
      const up = await stack.up();
      expect(up.error).toBeUndefined();
      expect(up.outputs.accountStatus?.value).toBe("ACTIVE");
      expect(up.outputs.webhookSecret?.secret).toBe(true);
      webhookSecret = String(up.outputs.webhookSecret?.value);
      expect(changesOf(await stack.up())).toEqual([]);

      const instanceId = String(up.outputs.newCardsInstanceId?.value);
      const fired = await fetch(`${api.emulator.url}/_emulator/trigger-instances/${instanceId}/fire`, {
        method: "POST",
        headers: { "x-api-key": api.apiKey, "content-type": "application/json" },
        body: "{}",
      });
      expect(fired.ok).toBe(true);
      for (let waited = 0; deliveries.length === 0 && waited < 10_000; waited += 50) await sleep(50);
      expect(rejected).toEqual([]);
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]?.event).toMatchObject({
        type: "trello_new_card_trigger",
        data: { trigger_id: instanceId },
      });

      const destroy = await stack.destroy();
      expect(destroy.error).toBeUndefined();
      const stateText = (await stack.stateText()) ?? "";
      for (const secret of [trelloApiKey, trelloUserToken, webhookSecret, api.apiKey]) {
        expect(stateText).not.toContain(secret);
      }
    } finally {
      receiver.server.close();
      await stack.dispose();
    }
  }, 180_000);
});
