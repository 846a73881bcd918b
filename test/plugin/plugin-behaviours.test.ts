/**
 * The plugin on the real CLI and the real `pulumi-language-yaml`, two behaviours, a stack and a Pulumi YAML
 * program each:
 *
 * - `pulumi:autonaming` added (a pattern), changed (`mode: verbatim`) and removed on a stack of autonamed
 *   connectors, one of them with a ConnectedAccount (test/plugin/yaml-programs/autonaming-settings): no
 *   replacement, no write, every name kept; then `mode: disabled` with a new connector without a name fails
 *   its check asking for one, the others keep theirs.
 * - `pulumi preview --diff` of a secret input (test/plugin/yaml-programs/secret-diff, the OAuth connector's
 *   client_secret): the change is marked on the property, neither value shows; with
 *   `replaceOnChanges: ["authConfig.scopes"]`, a change of `authConfig.client_id` is an update and one of
 *   `authConfig.scopes` a replacement.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isMap, parseDocument } from "yaml";
import { ApiClient } from "../../src/client";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { distinctiveSecret } from "../e2e/support/e2e-api";
import { stageYamlProgram, yamlPluginStack } from "./support/quickstart-stack";
import { recordWrites, type RecordedRun } from "./support/recorded-run";

const CONNECTOR = "integrations:index:Connector";
const AUTONAME = /^(alpha|beta)-[a-z0-9]{7}$/;

describe("the plugin on the real CLI: pulumi:autonaming changes, secret diffs, a nested replaceOnChanges", () => {
  const apiKey = distinctiveSecret("api-key");
  const firstSecret = distinctiveSecret("client-secret");
  const rotatedSecret = distinctiveSecret("rotated-secret");
  let emulator: RunningEmulator;
  let client: ApiClient;
  /** The autonamed connectors' stack. */
  let stack: PulumiStack;
  /** The OAuth connector's stack. */
  let oauthStack: PulumiStack;
  let programFile: string;
  let program: string;
  const runs: Record<string, RecordedRun> = {};
  /** The connectors' names in state after each command, by logical name. */
  const namesAfter: Record<string, Record<string, string>> = {};

  /**
   * The program with a third autonamed connector, gamma (a resource and its name in `names`), or as it was:
   * YAML declares no resource conditionally, so the test edits the program.
   */
  const setGamma = (present: boolean) => {
    const document = parseDocument(program);
    const names = document.getIn(["outputs", "names"]);
    const resources = document.get("resources");
    if (!isMap(names) || !isMap(resources)) throw new Error("no resources or outputs.names to add gamma to");
    resources.set("gamma", {
      type: CONNECTOR,
      properties: { appName: "github", authScheme: "BEARER_TOKEN" },
    });
    names.set("gamma", "${gamma.name}");
    writeFileSync(programFile, present ? document.toString() : program);
  };

  const record = async (label: string, command: () => Promise<OperationResult>, allowFailure = false) => {
    runs[label] = await recordWrites(emulator, command, { allowFailure });
    namesAfter[label] = Object.fromEntries(
      (await stack.resources())
        .filter((resource) => resource.type === CONNECTOR)
        .map((resource) => [resource.urn.split("::").pop()!, String(resource.outputs.name)]),
    );
    return runs[label];
  };
  const setAutonaming = (path: string, value: string) =>
    stack.cli([
      ...["config", "set", "--stack", stack.stackName, "--config-file", stack.configFile],
      ...["--path", `pulumi:autonaming.${path}`, "--", value],
    ]);

  /** The OAuth scopes, a list in the stack config (`--path`: the project declares `scopes` an array). */
  const setScopes = async (scopes: string[]) => {
    const flags = ["--stack", oauthStack.stackName, "--config-file", oauthStack.configFile];
    await oauthStack.cli(["config", "rm", ...flags, "scopes"]);
    for (const [index, scope] of scopes.entries()) {
      const set = await oauthStack.cli([
        "config",
        "set",
        ...flags,
        "--path",
        `scopes[${index}]`,
        "--",
        scope,
      ]);
      if (set.exitCode !== 0) throw new Error(`setting scopes[${index}]: ${set.stderr}`);
    }
  };

  beforeAll(async () => {
    const started = performance.now();
    emulator = await startEmulator({ port: 0, apiKeys: [apiKey] });
    client = new ApiClient({ baseUrl: emulator.url, apiKey, maxRetries: 0 });
    const programDir = stageYamlProgram(
      join(__dirname, "yaml-programs", "autonaming-settings"),
      "autonaming-settings",
    );
    programFile = join(programDir, "Pulumi.yaml");
    program = readFileSync(programFile, "utf8");
    stack = await yamlPluginStack(programDir, {
      config: { "integrations:baseUrl": emulator.url },
      secrets: { "integrations:apiKey": apiKey, accountToken: distinctiveSecret("account-token") },
    });
    oauthStack = await yamlPluginStack(
      stageYamlProgram(join(__dirname, "yaml-programs", "secret-diff"), "secret-diff"),
      {
        config: { "integrations:baseUrl": emulator.url, clientId: "client-id-1" },
        secrets: { "integrations:apiKey": apiKey, clientSecret: firstSecret },
      },
    );
    await setScopes(["repo"]);
    await record("create", () => stack.up({ skipPreview: true }));
    runs.oauthCreate = await recordWrites(emulator, () => oauthStack.up({ skipPreview: true }));

    await setAutonaming("pattern", "${name}-${hex(6)}");
    await record("pattern", () => stack.up({ skipPreview: true }));
    setGamma(true);
    await record("patternNew", () => stack.preview());
    setGamma(false);
    await stack.removeConfig("pulumi:autonaming");
    await setAutonaming("mode", "verbatim");
    await record("verbatim", () => stack.up({ skipPreview: true }));
    setGamma(true);
    await record("verbatimNew", () => stack.preview());
    setGamma(false);
    await stack.removeConfig("pulumi:autonaming");
    await record("removed", () => stack.up({ skipPreview: true }));
    await setAutonaming("mode", "disabled");
    setGamma(true);
    await record("disabled", () => stack.up({ skipPreview: true }), true);
    await stack.removeConfig("pulumi:autonaming");
    setGamma(false);

    await oauthStack.setConfig("clientSecret", rotatedSecret, { secret: true });
    runs.secretPreview = await recordWrites(emulator, () => oauthStack.preview({ diff: true }));
    await oauthStack.setConfig("clientSecret", firstSecret, { secret: true });
    await oauthStack.setConfig("clientId", "client-id-2");
    runs.clientIdPreview = await recordWrites(emulator, () => oauthStack.preview({ diff: true }));
    await oauthStack.setConfig("clientId", "client-id-1");
    await setScopes(["repo", "read:user"]);
    runs.scopesPreview = await recordWrites(emulator, () => oauthStack.preview({ diff: true }));
    console.log(`plugin behaviours: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }, 300_000);

  afterAll(async () => {
    await stack?.dispose();
    await oauthStack?.dispose();
    client?.close();
    await emulator?.close();
  });

  const opsOf = (run: RecordedRun, name: string) =>
    run.steps.filter((step) => step.name === name).map((step) => step.op);

  it("creates the autonamed connectors, the account and the OAuth connector", () => {
    expect(runs.create.error).toBeUndefined();
    expect(runs.oauthCreate.error).toBeUndefined();
    expect(namesAfter.create.alpha).toMatch(AUTONAME);
    expect(namesAfter.create.beta).toMatch(AUTONAME);
  });

  it.each(["pattern", "verbatim", "removed"])(
    "pulumi:autonaming %s: no replacement, no write, every name kept",
    (label) => {
      const run = runs[label]!;
      expect(run.error).toBeUndefined();
      expect(run.steps.filter((step) => step.op !== "same").map((step) => `${step.op} ${step.name}`)).toEqual(
        [],
      );
      expect(run.writes).toEqual([]);
      expect(namesAfter[label]).toEqual(namesAfter.create);
    },
  );

  it("the settings name a new connector meanwhile: the pattern's name, then the logical name", () => {
    const proposed = (label: string) => (runs[label]!.outputs.names?.value as Record<string, string>).gamma;
    expect(proposed("patternNew")).toMatch(/^gamma-[0-9a-f]{6}$/);
    expect(proposed("verbatimNew")).toBe("gamma");
  });

  it("mode disabled: a new connector without a name fails its check asking for one; the others keep theirs", async () => {
    const run = runs.disabled!;
    console.log(`autonaming disabled: ${run.error}`);
    expect(run.error).toContain("gamma");
    expect(run.error).toMatch(/property name .*is required unless namePrefix is given/);
    expect(run.writes).toEqual([]);
    expect(opsOf(run, "gamma")).toEqual([]);
    expect(namesAfter.disabled).toEqual(namesAfter.create);
    const live = (await collectNames(client)).sort();
    expect(live).toEqual(expect.arrayContaining([namesAfter.create.alpha, namesAfter.create.beta]));
  });

  it("preview --diff of a changed client_secret marks authConfig.client_secret, shows neither value", async () => {
    const run = runs.secretPreview!;
    console.log(`preview --diff of a secret:\n${run.output}`);
    expect(opsOf(run, "oauth")).toEqual(["update"]);
    expect(run.output).toMatch(/~ authConfig: {\n\s*~ client_secret: \[secret\] => \[secret\]\n\s*}/);
    expect(run.writes).toEqual([]);
    // Nor in the event logs or the exported state.
    for (const text of [run.output, oauthStack.eventLogText(), await oauthStack.stateText()]) {
      expect(text).not.toContain(firstSecret);
      expect(text).not.toContain(rotatedSecret);
    }
  });

  it("replaceOnChanges authConfig.scopes: client_id is an update, scopes a replacement", () => {
    console.log(`client_id:\n${runs.clientIdPreview!.output}\nscopes:\n${runs.scopesPreview!.output}`);
    expect(opsOf(runs.clientIdPreview!, "oauth")).toEqual(["update"]);
    expect(opsOf(runs.scopesPreview!, "oauth")).toEqual(["create-replacement", "replace", "delete-replaced"]);
    for (const run of [runs.clientIdPreview!, runs.scopesPreview!]) {
      expect(run.output).not.toContain(firstSecret);
    }
  });
});

async function collectNames(client: ApiClient): Promise<string[]> {
  const names: string[] = [];
  for await (const item of client.listIntegrations({ showDisabled: true })) names.push(item.name);
  return names;
}
