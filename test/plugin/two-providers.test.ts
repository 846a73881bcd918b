/**
 * Two explicit providers of the plugin in one stack, one per account (two tenants of one emulator), in a
 * Pulumi YAML program on the real `pulumi-language-yaml` (test/plugin/yaml-programs/two-accounts): each
 * connector is created, updated, refreshed and deleted in its own account, and neither key shows in clear in
 * `pulumi stack export` or the CLI's output. Then one provider moves to another service (a second emulator),
 * its base URL and its pinned account changed together: its connector is replaced there, the preview says so.
 */
import { join } from "node:path";
import { ApiClient } from "../../src/client";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { distinctiveSecret } from "../e2e/support/e2e-api";
import { stageYamlProgram, yamlPluginStack } from "./support/quickstart-stack";

const CONNECTOR = "integrations:index:Connector";

interface Run extends OperationResult {
  /** The writes of the command as "METHOD tenant" (0 = dev, 1 = prod; "moved" = the second service). */
  writes: string[];
}

describe("two explicit providers of the plugin, two accounts, one stack", () => {
  const devKey = distinctiveSecret("dev-apikey");
  const prodKey = distinctiveSecret("prod-apikey");
  let emulator: RunningEmulator;
  /** Another service, where the prod account moves. */
  let moved: RunningEmulator;
  let dev: ApiClient;
  let prod: ApiClient;
  let stack: PulumiStack;
  const runs: Record<string, Run> = {};
  const states: string[] = [];

  async function run(command: () => Promise<OperationResult>): Promise<Run> {
    emulator.requestLog.clear();
    moved.requestLog.clear();
    const result = await command();
    if (result.error !== undefined)
      throw new Error(`${result.kind} failed: ${result.error}\n${result.output}`);
    states.push(await stack.stateText());
    const writes = [
      ...emulator.requestLog.entries().map((entry) => ({ ...entry, where: String(entry.tenant) })),
      ...moved.requestLog.entries().map((entry) => ({ ...entry, where: "moved" })),
    ]
      .filter((entry) => entry.method !== "GET")
      .map((entry) => `${entry.method} ${entry.where}`);
    return { ...result, writes };
  }

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, apiKeys: [devKey, prodKey] });
    // The same key names another account there (client_info's client.id "prod-elsewhere"): another service and
    // another account, a move the pin must name; the old provider's state holds its key, so the old connector
    // can be deleted. (The same account id at another URL is refused unless the recorded URL takes the key.)
    moved = await startEmulator({ port: 0, apiKeys: [`${prodKey}=prod-elsewhere`] });
    dev = new ApiClient({ baseUrl: emulator.url, apiKey: devKey, maxRetries: 0 });
    prod = new ApiClient({ baseUrl: emulator.url, apiKey: prodKey, maxRetries: 0 });
    const programDir = stageYamlProgram(join(__dirname, "yaml-programs", "two-accounts"), "two-providers");
    stack = await yamlPluginStack(programDir, {
      config: {
        devBaseUrl: emulator.url,
        prodBaseUrl: emulator.url,
        prodAccountId: await prod.getAccountId(),
      },
      secrets: { devApiKey: devKey, prodApiKey: prodKey },
    });
    const started = performance.now();
    runs.up = await run(() => stack.up({ skipPreview: true }));
    await stack.setConfig("prodEnabled", "false");
    runs.toggle = await run(() => stack.up({ skipPreview: true }));
    runs.refresh = await run(() => stack.refresh({ skipPreview: true }));
    // The move asked for: another base URL and the account the key reaches there, pinned.
    await stack.setConfig("prodBaseUrl", moved.url);
    await stack.setConfig("prodAccountId", "prod-elsewhere");
    runs.movePreview = await run(() => stack.preview());
    runs.move = await run(() => stack.up({ skipPreview: true }));
    runs.destroy = await run(() => stack.destroy({ skipPreview: true }));
    console.log(`two providers: ${((performance.now() - started) / 1000).toFixed(1)} s for 6 commands`);
  }, 600_000);

  afterAll(async () => {
    await stack?.dispose();
    dev?.close();
    prod?.close();
    await emulator?.close();
    await moved?.close();
  });

  const idOf = (name: "devId" | "prodId") => String(runs.up?.outputs[name]?.value);

  it("creates the same connector name in each account, through its own provider", async () => {
    const providers = runs.up.steps.filter((step) => step.type === "pulumi:providers:integrations");
    expect(providers.map((step) => step.name).sort()).toEqual(["dev", "prod"]);
    expect(runs.up.steps.filter((step) => step.type === CONNECTOR).map((step) => step.op)).toEqual([
      "create",
      "create",
    ]);
    expect(runs.up.writes.sort()).toEqual(["POST 0", "POST 1"]);
    expect(idOf("devId")).not.toBe(idOf("prodId"));
    // Each account sees its own connector only.
    await expect(prod.getIntegration(idOf("devId"))).rejects.toMatchObject({ status: 404 });
    await expect(dev.getIntegration(idOf("prodId"))).rejects.toMatchObject({ status: 404 });
  });

  it("updates the second account's connector in that account only", () => {
    const changed = runs.toggle.steps.filter((step) => step.op !== "same");
    expect(changed.map((step) => [step.name, step.op])).toEqual([["prod-github", "update"]]);
    expect(runs.toggle.writes).toEqual(["PATCH 1"]);
  });

  it("refreshes each connector from its own account: nothing drifted, nothing gone", () => {
    const refreshed = runs.refresh.steps.filter((step) => step.type === CONNECTOR);
    expect(refreshed.map((step) => step.result)).toEqual(["same", "same"]);
    expect(runs.refresh.writes).toEqual([]);
  });

  it("replaces the connectors of a provider moved to another service and its pinned account, and its preview says so", async () => {
    const opsOf = (run: Run) =>
      run.steps.filter((step) => step.type === CONNECTOR).map((step) => [step.name, step.op]);
    expect(opsOf(runs.movePreview)).toEqual(
      expect.arrayContaining([
        ["prod-github", "create-replacement"],
        ["prod-github", "replace"],
        ["prod-github", "delete-replaced"],
      ]),
    );
    expect(opsOf(runs.movePreview).filter(([name]) => name === "dev-github")).toEqual([
      ["dev-github", "same"],
    ]);
    expect(runs.movePreview.writes).toEqual([]);
    // Created on the new service (disabled, as the program says: POST then PATCH), deleted from the old one.
    expect(runs.move.writes.sort()).toEqual(["DELETE 1", "PATCH moved", "POST moved"]);
    await expect(prod.getIntegration(idOf("prodId"))).resolves.toMatchObject({ deleted: true });
    expect(String(runs.move.outputs.prodId?.value)).not.toBe(idOf("prodId"));
  });

  it("deletes each connector from its own account", async () => {
    expect(runs.destroy.writes.sort()).toEqual(["DELETE 0", "DELETE moved"]);
    await expect(dev.getIntegration(idOf("devId"))).resolves.toMatchObject({ deleted: true });
    const movedClient = new ApiClient({ baseUrl: moved.url, apiKey: prodKey, maxRetries: 0 });
    await expect(movedClient.getIntegration(String(runs.move.outputs.prodId?.value))).resolves.toMatchObject({
      deleted: true,
    });
    movedClient.close();
  });

  it("keeps both keys out of the exported state and the CLI's output in clear", () => {
    const seen = [...states, ...Object.values(runs).map((run) => run.output)].join("\n");
    expect(seen).not.toContain(devKey);
    expect(seen).not.toContain(prodKey);
  });
});
