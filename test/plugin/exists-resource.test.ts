/**
 * `<Resource>.exists(id)`, which the Python and Go SDKs have since the generators of pulumi 3.269: the engine's
 * ExistsResource calls the plugin's Read by id alone, under a made-up URN (`__exists__<n>`), and answers true
 * when the Read returns the object. Run on the real CLI with the Python SDK (test/plugin/sdk-programs/exists):
 * an object of the account exists; an unknown id and another account's object do not; the account's callback
 * URL exists once set. The reads write nothing and cost one request each.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { ApiClient } from "../../src/client";
import { ensurePythonEnv } from "../../tools/python/venv";
import { distinctiveSecret } from "../e2e/support/e2e-api";
import { createStageRoot } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";
import { installPlugin, pluginTarball } from "./support/plugin-tarball";

const REPO = join(__dirname, "..", "..");
const PROGRAM = join(__dirname, "sdk-programs", "exists", "exists.py");

const MISSING_ID = "0b4ae0b5-3c5e-4d57-9a53-000000000000";

let emulator: RunningEmulator;
let elsewhereId: string;
let lines: { preview?: Record<string, number>; outputs?: Record<string, unknown> }[];

beforeAll(async () => {
  const stackKey = distinctiveSecret("exists-key");
  const otherKey = distinctiveSecret("exists-other-key");
  emulator = await startEmulator({ port: 0, apiKeys: [stackKey, otherKey] });
  const other = new ApiClient({ baseUrl: emulator.url, apiKey: otherKey, maxRetries: 0 });
  const own = new ApiClient({ baseUrl: emulator.url, apiKey: stackKey, maxRetries: 0 });
  const elsewhere = await other.createIntegration({
    name: "linear-elsewhere",
    appName: "linear",
    authScheme: "API_KEY",
    forceNewIntegration: true,
  });
  elsewhereId = elsewhere.id;
  await own.setCallbackUrl("https://hooks.example.com/events");
  other.close();
  own.close();

  const python = await ensurePythonEnv({
    requirements: join(REPO, "examples", "python-quickstart", "requirements.txt"),
    log: () => undefined,
  });
  const work = mkdtempSync(join(createStageRoot(), "exists-"));
  mkdirSync(join(work, "state"));
  mkdirSync(join(work, "workspace"));
  const cli = pinnedCli();
  const path = `${cli.dir}:${process.env.PATH ?? ""}`;
  const { version } = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { version: string };
  installPlugin(cli.bin, join(work, "home"), version, await pluginTarball(), path);
  emulator.requestLog.clear();
  const { stdout } = await promisify(execFile)(python.python, [PROGRAM, join(work, "workspace")], {
    env: {
      ...process.env,
      ...python.env,
      PATH: path,
      PULUMI_HOME: join(work, "home"),
      PULUMI_BACKEND_URL: `file://${join(work, "state")}`,
      PULUMI_CONFIG_PASSPHRASE: "exists-passphrase",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      INTEGRATIONS_API_KEY: stackKey,
      INTEGRATIONS_BASE_URL: emulator.url,
      EXISTING_WEBHOOK_ID: "callback-url",
      MISSING_CONNECTOR_ID: MISSING_ID,
      OTHER_ACCOUNT_CONNECTOR_ID: elsewhereId,
    },
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  lines = stdout
    .trim()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as (typeof lines)[number]);
}, 600_000);

afterAll(() => emulator?.close());

test("a preview passes with an id not known yet (the connector to be made)", () => {
  expect(lines[0]).toEqual({ preview: { create: 2 } });
});

test("the account's own connector and callback URL exist; an unknown id and another account's connector do not", () => {
  expect(lines[1]).toEqual({
    outputs: {
      made: true,
      madeId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      missing: false,
      otherAccount: false,
      callbackUrl: true,
    },
  });
});

test("each check is one read of its object and writes nothing", () => {
  const requests = emulator.requestLog.entries();
  // One create, in the up; every other request reads.
  expect(requests.filter((request) => request.method !== "GET").map((request) => request.route)).toEqual([
    "/api/v1/integrations",
  ]);
  const readsOf = (id: string) => requests.filter((request) => request.url === `/api/v1/integrations/${id}`);
  // A known id is checked in the preview and in the up: one GET each time.
  expect(readsOf(MISSING_ID).map((request) => request.statusCode)).toEqual([404, 404]);
  expect(readsOf(elsewhereId).map((request) => request.statusCode)).toEqual([404, 404]);
  // The new connector's id is known in the up only.
  expect(readsOf(String(lines[1]?.outputs?.madeId)).map((request) => request.statusCode)).toEqual([200]);
});
