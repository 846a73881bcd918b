import { join } from "node:path";
import { startReceiver, type Delivery } from "../../examples/triggers-as-code/receiver";
import { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { stageProgram } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";
import { distinctiveSecret, startE2eApi } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";

/**
 * The examples exactly as shipped in examples/, run from the packed package with the real `pulumi` CLI, as
 * users run them: `pulumi up` with its preview. The quickstart stays TypeScript (compiled and type-checked by
 * ts-node, as the language host does it); the others run compiled, since TypeScript is not what they test.
 */
const EXAMPLES = join(__dirname, "..", "..", "examples");

const changesOf = (result: OperationResult) => result.steps.filter((step) => step.op !== "same");

function succeeded(result: OperationResult): OperationResult {
  if (result.error !== undefined) throw new Error(`${result.kind} failed: ${result.error}\n${result.output}`);
  return result;
}

describe("e2e: the examples", () => {
  let api: E2eApi;
  beforeAll(async () => {
    api = await startE2eApi();
  });
  afterAll(() => api?.close());

  async function exampleStack(
    example: string,
    options: {
      stack?: string;
      typescript?: boolean;
      config: Record<string, string>;
      secrets: Record<string, string>;
    },
  ): Promise<PulumiStack> {
    return PulumiStack.create({
      cli: pinnedCli(),
      programDir: await stageProgram(join(EXAMPLES, example), `example-${example}`, {
        compile: !options.typescript,
      }),
      stack: options.stack,
      config: { "integrations:baseUrl": api.emulator.url, ...options.config },
      secrets: { "integrations:apiKey": api.apiKey, ...options.secrets },
    });
  }

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
    const stack = await exampleStack("quickstart", {
      typescript: true,
      config: { githubClientId: "quickstart-client-id", sharedSlackIntegrationId: shared.id },
      secrets: { githubClientSecret },
    });
    try {
      const up = succeeded(await stack.up());
      expect(up.outputs.githubTriggerNames?.value).toContain("GITHUB_STAR_ADDED_EVENT");
      expect(up.outputs.sharedSlackEnabled?.value).toBe(true);
      // The real service's model: an API-key connector made without a key expects it of each account.
      expect(up.outputs.linearExpectedInputs?.value).toEqual(["api_key"]);
      expect(up.outputs.githubExpectedInputs?.value).toEqual([]);
      expect((await api.client.getIntegration(shared.id)).enabled).toBe(true);

      expect(changesOf(succeeded(await stack.up()))).toEqual([]);

      succeeded(await stack.destroy());
      expect((await api.client.getIntegration(shared.id)).enabled).toBe(false);
      const github = await api.client.getIntegration(String(up.outputs.githubConnectorId?.value));
      expect(github.deleted).toBe(true);
      const stateText = await stack.stateText();
      for (const secret of [githubClientSecret, api.apiKey]) expect(stateText).not.toContain(secret);
    } finally {
      await stack.dispose();
    }
  }, 300_000);

  it("multi-environment: dev and prod stacks of one program, each shaped by its config", async () => {
    const stackFor = (name: "dev" | "prod", apps: string[], deletionPolicy: string) =>
      exampleStack("multi-environment", {
        stack: name,
        config: {
          oauthClientId: `${name}-client-id`,
          apps: JSON.stringify(apps),
          enabled: "true",
          deletionPolicy,
        },
        secrets: { oauthClientSecret: distinctiveSecret(`${name}-secret`) },
      });
    const dev = await stackFor("dev", ["github", "slack"], "delete");
    const prod = await stackFor("prod", ["github", "slack", "linear"], "retain");
    try {
      const devUp = succeeded(await dev.up());
      const prodUp = succeeded(await prod.up());
      const devIds = devUp.outputs.connectorIds?.value as Record<string, string>;
      const prodIds = prodUp.outputs.connectorIds?.value as Record<string, string>;
      expect(Object.keys(devIds).sort()).toEqual(["github", "slack"]);
      expect(Object.keys(prodIds).sort()).toEqual(["github", "linear", "slack"]);
      expect((await api.client.getIntegration(prodIds.linear as string)).name).toBe("linear-prod");

      succeeded(await dev.destroy());
      succeeded(await prod.destroy());
      // dev deletes its connectors; prod's policy keeps them for the systems connected to them.
      expect((await api.client.getIntegration(devIds.github as string)).deleted).toBe(true);
      expect((await api.client.getIntegration(prodIds.github as string)).deleted).toBe(false);
    } finally {
      await dev.dispose();
      await prod.dispose();
    }
  }, 300_000);

  it("triggers-as-code: an account, two instances and the webhook; a fired event arrives verified", async () => {
    const trelloApiKey = distinctiveSecret("trello-api-key");
    const trelloUserToken = distinctiveSecret("trello-user-token");
    let webhookSecret: string | undefined;
    const rejected: string[] = [];
    const deliveries: Delivery[] = [];
    let delivered: (delivery: Delivery) => void = () => undefined;
    const firstDelivery = new Promise<Delivery>((resolve) => (delivered = resolve));
    const receiver = await startReceiver({
      port: 0,
      secret: () => webhookSecret,
      onDelivery: (delivery) => {
        deliveries.push(delivery);
        delivered(delivery);
      },
      onRejected: (reason) => rejected.push(reason),
    });
    const stack = await exampleStack("triggers-as-code", {
      config: { boardId: "5abbe4b7ddc1b351ef961414", receiverUrl: receiver.url },
      secrets: { trelloApiKey, trelloUserToken },
    });
    try {
      const up = succeeded(await stack.up());
      expect(up.outputs.accountStatus?.value).toBe("ACTIVE");
      expect(up.outputs.webhookSecret?.secret).toBe(true);
      webhookSecret = String(up.outputs.webhookSecret?.value);
      expect(changesOf(succeeded(await stack.up()))).toEqual([]);

      const instanceId = String(up.outputs.newCardsInstanceId?.value);
      const fired = await fetch(`${api.emulator.url}/_emulator/trigger-instances/${instanceId}/fire`, {
        method: "POST",
        headers: { "x-api-key": api.apiKey, "content-type": "application/json" },
        body: "{}",
      });
      expect(fired.status).toBe(200);
      // The test's own timeout bounds the wait: the delivery is awaited, not polled for.
      const delivery = await firstDelivery;
      expect(rejected).toEqual([]);
      expect(delivery.event).toMatchObject({
        type: "trello_new_card_trigger",
        data: { trigger_id: instanceId },
      });

      succeeded(await stack.destroy());
      // One event fired, one delivery received (its answer was a 204: nothing to retry).
      expect(deliveries.map((received) => received.id)).toEqual([delivery.id]);
      const stateText = await stack.stateText();
      for (const secret of [trelloApiKey, trelloUserToken, webhookSecret, api.apiKey]) {
        expect(stateText).not.toContain(secret);
      }
    } finally {
      receiver.server.close();
      await stack.dispose();
    }
  }, 300_000);
});
