/**
 * examples/yaml-quickstart on the real `pulumi-language-yaml` (pulumi-yaml v1.38.1, built beside the pinned
 * CLI by `npm run pulumi`), with the provider plugin installed from its tarball: the CLI starts the host
 * itself, found next to its own executable (ambient plugins are off, so not through PATH), and no `--client`
 * is passed. Preview, up, a preview that must find nothing, refresh after drift made on the emulator, an up
 * that puts it back, `pulumi import` of a connector made outside the stack with the YAML it generates applied
 * to the program, a preview that must find nothing again, `pulumi state unprotect` and destroy. Each step is
 * checked in what the engine stores (`pulumi stack export`) and in the emulator's objects.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isMap, parseDocument, parse as parseYaml } from "yaml";
import type { ConnectorRecord, Trigger } from "../../src/client";
import { secretSig, specialSigKey } from "../../tools/pulumi/state";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { distinctiveSecret, startE2eApi, type E2eApi } from "../e2e/support/e2e-api";
import { liveConnectorIds } from "../support/live-connectors";
import { createStageRoot } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";
import { yamlPluginStack } from "./support/quickstart-stack";

const EXAMPLE = join(__dirname, "..", "..", "examples", "yaml-quickstart");
const CONNECTOR = "integrations:index:Connector";
const INTEGRATION_STATE = "integrations:index:IntegrationState";
const PROJECT = "integrations-yaml-quickstart";

interface ExportedResource {
  urn: string;
  type: string;
  id?: string;
  protect?: boolean;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

function resourcesOf(exported: string): ExportedResource[] {
  return (
    (JSON.parse(exported) as { deployment: { resources?: ExportedResource[] } }).deployment.resources ?? []
  );
}

function named(exported: string, name: string): ExportedResource | undefined {
  return resourcesOf(exported).find((resource) => resource.urn.endsWith(`::${name}`));
}

/** Each step's op by resource name (the stack's own included). */
function opsOf(result: OperationResult): Record<string, string> {
  return Object.fromEntries(result.steps.map((step) => [step.name, step.op] as const).sort());
}

/** A copy of the example's program in the run's stage folder, which the test may edit. */
function stageProgram(): string {
  const dir = join(createStageRoot(), "programs");
  mkdirSync(dir, { recursive: true });
  const programDir = mkdtempSync(join(dir, "yaml-quickstart-"));
  cpSync(join(EXAMPLE, "Pulumi.yaml"), join(programDir, "Pulumi.yaml"));
  return programDir;
}

/**
 * Adds the resources of `pulumi import --out` YAML to the program's `resources:`, as the import's message
 * asks a user to: the program's own text and comments are kept.
 */
function applyGeneratedYaml(programFile: string, generated: string): void {
  const program = parseDocument(readFileSync(programFile, "utf8"));
  const resources = program.get("resources");
  const additions = parseDocument(generated).get("resources");
  if (!isMap(resources) || !isMap(additions)) throw new Error("no resources: map to merge");
  for (const pair of additions.items) resources.add(pair);
  writeFileSync(programFile, program.toString());
}

describe("the YAML quickstart on the real pulumi-language-yaml", () => {
  const clientSecret = distinctiveSecret("yaml-client-secret");
  let api: E2eApi;
  let stack: PulumiStack;
  let programDir: string;
  const runs: Record<string, OperationResult> = {};
  const remote: Record<string, ConnectorRecord> = {};
  const states: Record<string, string> = {};
  let shared: ConnectorRecord;
  let outside: ConnectorRecord;
  let githubAfterPreview: string[];
  let githubTriggersFromApi: Trigger[];
  let generatedYaml: string;
  let aboutPlugins: { name: string; kind?: string; version?: string }[];
  let unprotect: { exitCode: number | null; stderr: string };

  function succeeded(result: OperationResult): OperationResult {
    if (result.error !== undefined || result.exitCode !== 0)
      throw new Error(`${result.kind} failed: ${result.error}\n${result.output}`);
    return result;
  }

  beforeAll(async () => {
    const started = performance.now();
    api = await startE2eApi();
    // Made by another team: the stack takes over only its enabled flag and hands it back disabled.
    shared = await api.client.createIntegration({
      name: "slack-shared",
      appName: "slack",
      authScheme: "OAUTH2",
      authConfig: { client_id: "shared-slack", client_secret: distinctiveSecret("slack-secret") },
      forceNewIntegration: true,
    });
    await api.client.updateIntegration(shared.id, { enabled: false });
    programDir = stageProgram();
    stack = await yamlPluginStack(programDir, {
      config: {
        "integrations:baseUrl": api.emulator.url,
        githubClientId: "yaml-client-id",
        sharedSlackIntegrationId: shared.id,
      },
      secrets: { "integrations:apiKey": api.apiKey, githubClientSecret: clientSecret },
    });
    const about = await stack.cli(["about", "--json"]);
    aboutPlugins = (JSON.parse(about.stdout) as { plugins?: typeof aboutPlugins }).plugins ?? [];

    runs.preview = succeeded(await stack.preview());
    githubAfterPreview = await liveConnectorIds(api.client, "github-dev");

    runs.up = succeeded(await stack.up({ skipPreview: true }));
    states.up = await stack.stateText();
    remote.github = await api.client.getIntegration(String(runs.up.outputs.githubConnectorId?.value));
    remote.linear = await api.client.getIntegration(String(states.up && named(states.up, "linear")?.id));
    remote.sharedAfterUp = await api.client.getIntegration(shared.id);
    githubTriggersFromApi = await api.client.listTriggers({ integrationIds: [remote.github.id] });

    runs.noChanges = await stack.preview({ expectNoChanges: true });
    remote.githubAfterNoChanges = await api.client.getIntegration(remote.github.id);

    await api.client.updateIntegration(remote.github.id, { enabled: false });
    runs.refresh = succeeded(await stack.refresh({ skipPreview: true }));
    states.refresh = await stack.stateText();
    remote.githubAfterRefresh = await api.client.getIntegration(remote.github.id);
    runs.putBack = succeeded(await stack.up({ skipPreview: true }));
    remote.githubAfterPutBack = await api.client.getIntegration(remote.github.id);

    outside = await api.client.createIntegration({
      name: "linear-made-outside",
      appName: "linear",
      authScheme: "API_KEY",
      forceNewIntegration: true,
    });
    const generatedFile = join(stack.workDir, "existing.yaml");
    runs.import = succeeded(
      await stack.command("import", [
        CONNECTOR,
        "existing",
        outside.id,
        "--yes",
        "--skip-preview",
        "--out",
        generatedFile,
      ]),
    );
    states.import = await stack.stateText();
    remote.outsideAfterImport = await api.client.getIntegration(outside.id);
    generatedYaml = readFileSync(generatedFile, "utf8");
    applyGeneratedYaml(join(programDir, "Pulumi.yaml"), generatedYaml);
    runs.declared = await stack.preview({ expectNoChanges: true });
    remote.outsideAfterDeclared = await api.client.getIntegration(outside.id);

    const existingUrn = stack.urn(CONNECTOR, "existing");
    unprotect = await stack.cli(["state", "unprotect", existingUrn, "--stack", stack.stackName, "--yes"]);
    states.unprotected = await stack.stateText();
    runs.destroy = succeeded(await stack.destroy({ skipPreview: true }));
    states.destroy = await stack.stateText();
    remote.githubAfter = await api.client.getIntegration(remote.github.id);
    remote.linearAfter = await api.client.getIntegration(remote.linear.id);
    remote.sharedAfter = await api.client.getIntegration(shared.id);
    remote.outsideAfter = await api.client.getIntegration(outside.id);
    const each = Object.entries(runs).map(([name, run]) => `${name} ${(run.durationMs / 1000).toFixed(1)} s`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`YAML quickstart: ${seconds} s for ${each.join(", ")}`);
  }, 600_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  it("runs on pulumi-language-yaml v1.38.1 found next to the pinned CLI", () => {
    expect(pinnedCli().yamlVersion).toBe("1.38.1");
    // What the host answered GetPluginInfo with: the version ldflag of the build.
    expect(aboutPlugins).toContainEqual(expect.objectContaining({ name: "yaml", version: "1.38.1" }));
    for (const run of Object.values(runs)) expect(run.output).not.toContain("from $PATH");
  });

  it("previews the four creates and makes nothing", () => {
    expect(opsOf(runs.preview)).toEqual({
      [`${PROJECT}-dev`]: "create",
      github: "create",
      linear: "create",
      "shared-slack": "create",
    });
    expect(runs.preview.steps.find((step) => step.name === "shared-slack")?.type).toBe(INTEGRATION_STATE);
    expect(githubAfterPreview).toEqual([]);
  });

  it("creates both connectors and takes over the shared integration's enabled flag", () => {
    expect(opsOf(runs.up)).toEqual(opsOf(runs.preview));
    expect(remote.github).toMatchObject({ name: "github-dev", appName: "github", enabled: true });
    // The list written as a YAML variable reaches the service as a list of strings.
    expect(remote.github.authConfig).toMatchObject({
      client_id: "yaml-client-id",
      scopes: ["repo", "read:org"],
    });
    expect(remote.linear).toMatchObject({ name: "linear-dev", appName: "linear", authScheme: "API_KEY" });
    expect(remote.sharedAfterUp.enabled).toBe(true);
    expect(runs.up.outputs.githubEnabled?.value).toBe(true);
    expect(runs.up.outputs.sharedSlackEnabled?.value).toBe(true);
    // Catalog data, not stored with the connector: the program reads it with getConnector.
    const fields = runs.up.outputs.linearExpectedInputFields?.value as { name: string }[];
    expect(fields.map((field) => field.name)).toEqual(["api_key"]);
  });

  it("stores the invoke's result: the triggers the service offers for the new connector", () => {
    const result = runs.up.outputs.githubTriggers?.value as { triggers: { name: string }[] };
    const names = result.triggers.map((trigger) => trigger.name);
    expect(names).toContain("GITHUB_STAR_ADDED_EVENT");
    expect(names).toEqual(githubTriggersFromApi.map((trigger) => trigger.name));
  });

  it("keeps authConfig and the API key secret in `pulumi stack export`, the client secret nowhere in clear", () => {
    const github = named(states.up, "github");
    expect(github?.type).toBe(CONNECTOR);
    expect(github?.inputs?.authConfig).toEqual({
      [specialSigKey]: secretSig,
      ciphertext: expect.any(String),
    });
    expect(github?.outputs?.authConfig).toEqual({
      [specialSigKey]: secretSig,
      ciphertext: expect.any(String),
    });
    const provider = resourcesOf(states.up).find(
      (resource) => resource.type === "pulumi:providers:integrations",
    );
    expect(provider?.inputs).toMatchObject({
      apiKey: { [specialSigKey]: secretSig, ciphertext: expect.any(String) },
      baseUrl: api.emulator.url,
    });
    const texts = [
      ...Object.values(states),
      ...Object.values(runs).map((run) => run.output),
      stack.eventLogText(),
    ];
    for (const text of texts) {
      expect(text).not.toContain(clientSecret);
      expect(text).not.toContain(api.apiKey);
    }
  });

  it("finds no changes in a preview after the up, and the preview writes nothing", () => {
    expect(runs.noChanges.exitCode).toBe(0);
    expect(runs.noChanges.steps.filter((step) => step.op !== "same")).toEqual([]);
    expect(runs.noChanges.steps).toHaveLength(4);
    expect(remote.githubAfterNoChanges.updatedAt).toBe(remote.github.updatedAt);
  });

  it("records a connector disabled on the service as drift on refresh, and the next up puts it back", () => {
    const github = runs.refresh.steps.find((step) => step.name === "github");
    expect(github).toMatchObject({ op: "refresh", result: "update" });
    expect(github?.diffs).toContain("enabled");
    expect(runs.refresh.steps.find((step) => step.name === "linear")).toMatchObject({ result: "same" });
    expect(named(states.refresh, "github")?.outputs?.enabled).toBe(false);
    // A refresh writes nothing to the service.
    expect(remote.githubAfterRefresh.enabled).toBe(false);
    expect(
      runs.putBack.steps.filter((step) => step.op !== "same").map((step) => [step.name, step.op]),
    ).toEqual([["github", "update"]]);
    expect(remote.githubAfterPutBack.enabled).toBe(true);
  });

  it("imports a connector made outside the stack, generating the YAML that declares it, protected", () => {
    expect(
      runs.import.steps.filter((step) => step.op !== "same").map((step) => [step.name, step.op]),
    ).toEqual([["existing", "import"]]);
    expect(named(states.import, "existing")).toMatchObject({
      type: CONNECTOR,
      id: outside.id,
      protect: true,
    });
    // Read, not written.
    expect(remote.outsideAfterImport.updatedAt).toBe(outside.updatedAt);
    const generated = parseYaml(generatedYaml) as {
      resources: Record<string, { type: string; properties: Record<string, unknown>; options?: unknown }>;
    };
    expect(generated.resources.existing).toEqual({
      type: "integrations:Connector",
      properties: expect.objectContaining({
        name: "linear-made-outside",
        appName: "linear",
        authScheme: "API_KEY",
      }),
      options: { protect: true },
    });
  });

  it("finds no changes once the generated YAML is in the program", () => {
    expect(runs.declared.exitCode).toBe(0);
    expect(runs.declared.error).toBeUndefined();
    expect(runs.declared.steps.find((step) => step.name === "existing")?.op).toBe("same");
    expect(runs.declared.steps.filter((step) => step.op !== "same")).toEqual([]);
    expect(runs.declared.steps).toHaveLength(5);
    expect(remote.outsideAfterDeclared.updatedAt).toBe(outside.updatedAt);
  });

  it("destroys what the stack made or imported once unprotected, and hands the shared integration back", () => {
    expect(unprotect.exitCode).toBe(0);
    expect(named(states.unprotected, "existing")?.protect).toBeFalsy();
    expect(runs.destroy.steps.filter((step) => step.op !== "delete")).toEqual([]);
    expect(runs.destroy.steps.map((step) => step.name).sort()).toEqual(
      [`${PROJECT}-dev`, "existing", "github", "linear", "shared-slack"].sort(),
    );
    expect(resourcesOf(states.destroy)).toEqual([]);
    expect(remote.githubAfter.deleted).toBe(true);
    expect(remote.linearAfter.deleted).toBe(true);
    expect(remote.outsideAfter.deleted).toBe(true);
    expect(remote.sharedAfter.enabled).toBe(false);
    expect(remote.sharedAfter.deleted).toBe(false);
  });
});
