/**
 * Missing settings fail with the settings error, never with a diff (plugin, real CLI): a stack made with the
 * key and base URL from the environment, then previewed as a pull request's job without them. Before, the
 * default provider's CheckConfig let them through, DiffConfig saw the recorded base URL go, and `pulumi preview
 * --diff` showed every resource replaced under an `[unknown]` provider; `--expect-no-changes` failed on that
 * replacement instead of on the missing key.
 */
import { join } from "node:path";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { distinctiveSecret } from "../e2e/support/e2e-api";
import { stageYamlProgram, yamlPluginStack } from "./support/quickstart-stack";

const apiKey = distinctiveSecret("key");
let emulator: RunningEmulator;
let stack: PulumiStack;
const env: Record<string, string> = {};
const runs: Record<string, OperationResult> = {};

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, apiKeys: [apiKey] });
  const programDir = stageYamlProgram(join(__dirname, "yaml-programs", "connector-and-webhook"), "missing");
  Object.assign(env, { INTEGRATIONS_BASE_URL: emulator.url, INTEGRATIONS_API_KEY: apiKey });
  stack = await yamlPluginStack(programDir, { config: { webhookUrl: "https://stack.example/events" }, env });
  runs.create = await stack.up({ skipPreview: true });
  delete env.INTEGRATIONS_API_KEY;
  runs.noKey = await stack.preview({ diff: true });
  delete env.INTEGRATIONS_BASE_URL;
  runs.nothing = await stack.preview({ diff: true });
  runs.nothingNoChanges = await stack.preview({ expectNoChanges: true });
  env.INTEGRATIONS_API_KEY = apiKey;
  runs.noUrl = await stack.preview({ diff: true });
}, 300_000);

afterAll(async () => {
  await stack?.dispose();
  await emulator?.close();
});

const MISSING_KEY = "Missing API key: set the secret stack config `integrations:apiKey`";
const MISSING_URL = "Missing API base URL: set the stack config `integrations:baseUrl`";

test.each([
  ["noKey", MISSING_KEY],
  ["nothing", MISSING_KEY],
  ["nothingNoChanges", MISSING_KEY],
  ["noUrl", MISSING_URL],
])("%s: the preview fails with the settings error and shows no replacement", (name, message) => {
  const run = runs[name]!;
  expect(runs.create!.error).toBeUndefined();
  expect(run.error).toContain(message);
  expect(run.steps.filter((step) => step.op !== "same")).toEqual([]);
  expect(run.output).not.toMatch(/replace|\[unknown\]/);
});
