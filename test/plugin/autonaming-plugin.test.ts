/**
 * Autonaming through the provider plugin, on the real CLI and the real `pulumi-language-yaml`
 * (test/plugin/yaml-programs/autonaming): a connector without `name` gets from the plugin's Check the prefix
 * and the scope its name is derived from (the logical name, the project and the stack, as the dynamic
 * Connector does: test/e2e/autonaming.test.ts), with no request; its create POSTs the first candidate no live
 * connector holds (a 409 moves it to the next). So `pulumi preview` shows the name as not known yet, the next
 * up keeps it, and `up --replace` creates the replacement first under the next name.
 */
import { join } from "node:path";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { recordWrites, type RecordedRun } from "./support/recorded-run";
import { startE2eApi, type E2eApi } from "../e2e/support/e2e-api";
import { stageYamlProgram, yamlPluginStack } from "./support/quickstart-stack";

const NAME = /^github-[a-z0-9]{7}$/;

describe("e2e: an autonamed Connector of the provider plugin", () => {
  let api: E2eApi;
  let stack: PulumiStack;
  const runs: Record<string, RecordedRun> = {};

  const nameOf = (run: RecordedRun) => String(run.outputs.connectorName?.value);

  const record = (command: () => Promise<OperationResult>) => recordWrites(api.emulator, command);

  beforeAll(async () => {
    api = await startE2eApi();
    const programDir = stageYamlProgram(join(__dirname, "yaml-programs", "autonaming"), "plugin-autonaming");
    stack = await yamlPluginStack(programDir, {
      config: { "integrations:baseUrl": api.emulator.url },
      secrets: { "integrations:apiKey": api.apiKey },
    });
    runs.preview = await record(() => stack.preview());
    runs.create = await record(() => stack.up());
    runs.noop = await record(() => stack.up());
    runs.replace = await record(() =>
      stack.up({ replace: [stack.urn("integrations:index:Connector", "github")] }),
    );
    runs.destroy = await record(() => stack.destroy());
  }, 300_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  it("`pulumi preview` writes nothing and knows no name yet; `pulumi up` creates one with one POST", async () => {
    expect(String(runs.preview.outputs.connectorName?.value)).not.toMatch(NAME);
    expect(runs.preview.writes).toEqual([]);
    expect(nameOf(runs.create)).toMatch(NAME);
    expect(runs.create.writes).toEqual(["POST /api/v1/integrations"]);
  });

  it("keeps the name on the next up, with no change", () => {
    expect(runs.noop.steps.filter((step) => step.name === "github").map((step) => step.op)).toEqual(["same"]);
    expect(runs.noop.writes).toEqual([]);
    expect(nameOf(runs.noop)).toBe(nameOf(runs.create));
  });

  it("`up --replace` creates the replacement first, under another free name, then deletes the old one", () => {
    const ops = runs.replace.steps.filter((step) => step.name === "github").map((step) => step.op);
    expect(ops).toEqual(["create-replacement", "replace", "delete-replaced"]);
    expect(nameOf(runs.replace)).toMatch(NAME);
    expect(nameOf(runs.replace)).not.toBe(nameOf(runs.create));
    // The first name's POST meets the live connector (a 409: nothing made); the next makes the replacement.
    expect(runs.replace.writes).toEqual([
      "POST /api/v1/integrations",
      "POST /api/v1/integrations",
      "DELETE /api/v1/integrations/:integrationId",
    ]);
  });

  it("destroys it", () => {
    expect(runs.destroy.writes).toEqual(["DELETE /api/v1/integrations/:integrationId"]);
  });
});
