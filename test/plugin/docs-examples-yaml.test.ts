/**
 * The docs examples' YAML programs (provider/examples/<name>/yaml/Main.yaml, as `npm run examples` writes
 * them) run as users run them: each a project of its own on the real `pulumi-language-yaml` beside the pinned
 * CLI, with the provider plugin installed from its tarball, against one emulator; `pulumi up` then
 * `pulumi destroy`, several stacks at once. The config each program declares comes from the table below (a
 * program declaring config the table lacks fails here); the objects the data-function examples read are made
 * on the emulator first, as another team would have made them.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import type { ConnectorRecord } from "../../src/client";
import { EXAMPLE_FILES, EXAMPLES_DIR, exampleNames } from "../../src/plugin/schema/examples";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { distinctiveSecret, startE2eApi, type E2eApi } from "../e2e/support/e2e-api";
import { createStageRoot } from "../support/packed-package";
import { pluginStack } from "./support/quickstart-stack";

/** Stacks run at once: each is a CLI, a plugin and a YAML host, mostly waiting on each other. */
const CONCURRENCY = 4;

interface ExampleRun {
  up: OperationResult;
  destroy: OperationResult;
}

let api: E2eApi;
let shared: ConnectorRecord;
let githubShared: ConnectorRecord;
const secrets = {
  githubClientSecret: distinctiveSecret("client-secret"),
  aliceKey: distinctiveSecret("alice"),
};
const runs: Record<string, ExampleRun> = {};
let seconds: number;

/** The value of each config key an example declares: plain, or secret. */
function configValues(): Record<string, { value: string; secret?: boolean }> {
  return {
    githubClientSecret: { value: secrets.githubClientSecret, secret: true },
    aliceLinearKey: { value: secrets.aliceKey, secret: true },
    sharedIntegrationId: { value: shared.id },
  };
}

/** The example's YAML program in a project of its own, in the run's stage folder. */
function stageProject(name: string): string {
  mkdirSync(join(createStageRoot(), "programs"), { recursive: true });
  const dir = mkdtempSync(join(createStageRoot(), "programs", `docs-${name}-`));
  writeFileSync(join(dir, "Pulumi.yaml"), `name: docs-${name.toLowerCase()}\nruntime: yaml\n`);
  cpSync(join(EXAMPLES_DIR, name, EXAMPLE_FILES.yaml), join(dir, "Main.yaml"));
  return dir;
}

/** `pulumi up` then `pulumi destroy` of the example, with the config its program declares. */
async function runExample(name: string): Promise<ExampleRun> {
  const dir = stageProject(name);
  const declared = Object.keys(
    (parseYaml(readFileSync(join(dir, "Main.yaml"), "utf8")) as { configuration?: Record<string, unknown> })
      .configuration ?? {},
  );
  const values = configValues();
  const missing = declared.filter((key) => values[key] === undefined);
  if (missing.length > 0)
    throw new Error(`${name} declares config this test has no value for: ${missing.join(", ")}`);
  const pick = (secret: boolean) =>
    Object.fromEntries(
      declared
        .filter((key) => Boolean(values[key]!.secret) === secret)
        .map((key) => [key, values[key]!.value]),
    );
  let stack: PulumiStack | undefined;
  try {
    stack = await pluginStack(dir, {
      config: { "integrations:baseUrl": api.emulator.url, ...pick(false) },
      secrets: { "integrations:apiKey": api.apiKey, ...pick(true) },
      // Language hosts are then found only next to the CLI's executable, never on PATH.
      env: { PULUMI_IGNORE_AMBIENT_PLUGINS: "true" },
      realLanguageHost: true,
    });
    const up = await stack.up({ skipPreview: true });
    const destroy = await stack.destroy({ skipPreview: true });
    return { up, destroy };
  } finally {
    await stack?.dispose();
  }
}

/** Runs `task` over `items`, at most `limit` at once. */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

function outputsOf(name: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(runs[name]!.up.outputs).map(([key, output]) => [key, output.value]),
  );
}

beforeAll(async () => {
  const started = performance.now();
  api = await startE2eApi();
  // What the data-function and IntegrationState examples read: connectors made outside their stacks.
  shared = await api.client.createIntegration({
    name: "slack-shared",
    appName: "slack",
    authScheme: "OAUTH2",
    authConfig: { client_id: "shared-slack", client_secret: distinctiveSecret("slack") },
    forceNewIntegration: true,
  });
  githubShared = await api.client.createIntegration({
    name: "github-shared",
    appName: "github",
    authScheme: "OAUTH2",
    useServiceAuth: true,
    forceNewIntegration: true,
  });
  await eachLimited(exampleNames(), CONCURRENCY, async (name) => {
    runs[name] = await runExample(name);
  });
  seconds = (performance.now() - started) / 1000;
  const each = Object.entries(runs).map(
    ([name, run]) => `${name} ${((run.up.durationMs + run.destroy.durationMs) / 1000).toFixed(1)} s`,
  );
  console.log(`Docs examples in YAML: ${seconds.toFixed(1)} s for ${each.join(", ")}`);
}, 600_000);

afterAll(async () => {
  await api?.close();
});

test("every example's YAML program runs up and destroy on the real YAML host without an error", () => {
  const failures = Object.entries(runs).flatMap(([name, run]) =>
    [run.up, run.destroy]
      .filter((result) => result.exitCode !== 0)
      .map((result) => `${name} ${result.kind}: ${result.error}`),
  );
  expect(failures).toEqual([]);
  expect(Object.keys(runs).sort()).toEqual(exampleNames());
  // Each up gives every output its program declares a value.
  for (const name of exampleNames()) {
    const declared = Object.keys(
      (parseYaml(readFileSync(join(EXAMPLES_DIR, name, EXAMPLE_FILES.yaml), "utf8")) as { outputs?: object })
        .outputs ?? {},
    );
    expect([name, Object.keys(outputsOf(name)).sort()]).toEqual([name, declared.sort()]);
    for (const key of declared) expect([name, key, outputsOf(name)[key]]).not.toEqual([name, key, undefined]);
  }
});

test("the resource examples create what they declare and destroy it", async () => {
  const connector = await api.client.getIntegration(String(outputsOf("Connector").connectorId));
  expect(connector).toMatchObject({ name: "github-main", appName: "github", deleted: true });
  expect(connector.authConfig).toMatchObject({
    client_id: "Iv1.0123456789abcdef",
    scopes: ["repo", "read:org"],
  });
  expect(outputsOf("ConnectedAccount").accountStatus).toBe("ACTIVE");
  expect(String(outputsOf("TriggerInstance").signInUrl)).toMatch(/^https?:\/\//);
  expect(runs.TriggerWebhook!.up.outputs.webhookSecret?.secret).toBe(true);
  for (const name of [
    "Connector",
    "ConnectedAccount",
    "TriggerInstance",
    "TriggerWebhook",
    "IntegrationState",
  ])
    expect([name, runs[name]!.destroy.steps.filter((step) => step.op !== "delete")]).toEqual([name, []]);
});

test("the IntegrationState example disables the shared connector, then puts it back as found", async () => {
  expect(outputsOf("IntegrationState").enabledBefore).toBe(true);
  expect((await api.client.getIntegration(shared.id)).enabled).toBe(true);
});

test("the data-function examples read what the service has", () => {
  expect(outputsOf("getConnector")).toEqual({ connectorId: githubShared.id, authScheme: "OAUTH2" });
  const apps = outputsOf("getApps").apps as { apps: { name: string }[] };
  expect(apps.apps.map((app) => app.name)).toEqual(expect.arrayContaining(["github", "slack", "linear"]));
  const triggers = outputsOf("getTriggers").triggers as { triggers: { name: string; appName: string }[] };
  expect(triggers.triggers.map((trigger) => trigger.name)).toContain("GITHUB_STAR_ADDED_EVENT");
  expect(new Set(triggers.triggers.map((trigger) => trigger.appName))).toEqual(new Set(["github", "slack"]));
  expect(outputsOf("getConnectedAccounts").accounts).toEqual({ accounts: expect.any(Array) });
  expect(outputsOf("getActiveTriggers").instances).toEqual({ triggers: expect.any(Array) });
  expect(outputsOf("getTriggerLogs").logs).toEqual({ logs: expect.any(Array) });
});

test("no secret of the examples' config reaches an output or the CLI's output in clear", () => {
  for (const run of Object.values(runs))
    for (const text of [run.up.output, run.destroy.output, JSON.stringify(run.up.outputs)])
      for (const secret of [...Object.values(secrets), api.apiKey]) expect(text).not.toContain(secret);
});
