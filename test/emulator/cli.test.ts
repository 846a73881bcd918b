import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { packedPackageDir } from "../support/packed-package";
import { startReceiver, waitFor } from "./receiver";
import { tempDirectory } from "./temp-directory";

const ROOT = path.resolve(__dirname, "../..");
/** The `integrations-emulator` command as the packed package installs it (its `bin` entry). */
let CLI: string[] = [];
beforeAll(async () => {
  const installed = await packedPackageDir();
  const manifest = JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8")) as {
    bin: Record<string, string>;
  };
  CLI = [path.join(installed, manifest.bin["integrations-emulator"] as string)];
}, 120_000);

interface Cli {
  child: ChildProcessWithoutNullStreams;
  url: string;
  stdout: () => string;
  exited: Promise<number | null>;
}

// Each test starts the command up to three times; on a busy shared machine that can take seconds. A guard,
// not a measure: nothing here asserts how long anything took.
jest.setTimeout(120_000);

const started: ChildProcessWithoutNullStreams[] = [];
// A failed test must not leave its server running (jest would wait for it forever).
afterEach(() => {
  for (const child of started.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

async function startCli(args: string[], env: Record<string, string> = {}): Promise<Cli> {
  const child = spawn(process.execPath, [...CLI, "--port", "0", ...args], {
    cwd: ROOT,
    env: { ...process.env, INTEGRATIONS_EMULATOR_API_KEYS: "", ...env },
  });
  started.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  // "close", not "exit": it comes once stdout and stderr have ended, so stdout() is then complete.
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`CLI did not start: ${stdout} ${stderr}`)), 45_000);
    const check = () => {
      // Both start-up lines (the URL, then the key or how many keys); pino lines may come in between.
      const match = /listening on (http:\/\/\S+)\n[^]*^API key/m.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on("data", check);
    void exited.then(() => reject(new Error(`CLI exited early: ${stdout} ${stderr}`)));
  });
  return { child, url, stdout: () => stdout, exited };
}

async function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...CLI, ...args], { cwd: ROOT });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { code, stdout, stderr };
}

const get = (url: string, apiKey: string) =>
  fetch(`${url}/api/v1/apps`, { headers: { "x-api-key": apiKey } });

describe("integrations-emulator CLI", () => {
  it("without a key prints the URL and a generated key, serves the API and exits 0 on SIGTERM", async () => {
    const cli = await startCli([]);
    const key = /API key: (\S+)/.exec(cli.stdout())?.[1] ?? "";
    expect(key).toMatch(/^emu_[\w-]{24}$/);
    expect((await get(cli.url, key)).status).toBe(200);
    expect((await get(cli.url, "wrong")).status).toBe(401);
    cli.child.kill("SIGTERM");
    expect(await cli.exited).toBe(0);
    // Read once the process has ended and its stdout is closed: a request's line is written when its
    // response has finished, possibly after the client already has the answer.
    const lines = cli
      .stdout()
      .split("\n")
      .filter((line) => line.includes('"msg":"request"'));
    // One pino line per request, without headers or the key.
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ method: "GET", route: "/api/v1/apps", statusCode: 200, tenant: 0 }),
      expect.objectContaining({ method: "GET", route: "/api/v1/apps", statusCode: 401, tenant: null }),
    ]);
    expect(lines.join("\n")).not.toContain("x-api-key");
    expect(cli.stdout().split(key)).toHaveLength(2);
  });

  it("takes repeatable --api-key, never prints them, applies fault and behaviour flags and --quiet", async () => {
    const cli = await startCli([
      "--api-key",
      "cli-key-1",
      "--api-key",
      "cli-key-2",
      "--error-rate",
      "1",
      "--normalise-auth-config",
      "--secret-values",
      "masked",
      "--quiet",
    ]);
    expect((await get(cli.url, "cli-key-2")).status).toBe(503);
    const faults = await fetch(`${cli.url}/_emulator/faults`, { headers: { "x-api-key": "cli-key-1" } });
    expect(((await faults.json()) as { errorRate: number }).errorRate).toBe(1);
    // A key that sets its own faults escapes the operator's; the store normalises authConfig, and reads
    // mask the secret.
    const json = { "x-api-key": "cli-key-1", "content-type": "application/json" };
    await fetch(`${cli.url}/_emulator/faults`, { method: "PUT", headers: json, body: '{"errorRate":0}' });
    const created = await fetch(`${cli.url}/api/v1/integrations`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        name: "n",
        appName: "github",
        authConfig: { client_id: " c ", client_secret: "s" },
      }),
    });
    expect(((await created.json()) as { authConfig: unknown }).authConfig).toEqual({
      redirect_uri: expect.any(String),
      client_id: "c",
      client_secret: "****",
    });
    expect((await get(cli.url, "cli-key-2")).status).toBe(503);
    expect(cli.stdout()).not.toContain("cli-key-");
    expect(cli.stdout()).not.toContain('"msg":"request"');
    cli.child.kill("SIGINT");
    expect(await cli.exited).toBe(0);
  });

  it("keeps an acknowledged write across a SIGKILL right after the response (--data, keys from the env)", async () => {
    const dataFile = path.join(tempDirectory("emulator-cli-"), "state.json");
    const first = await startCli(["--data", dataFile, "--quiet"], {
      INTEGRATIONS_EMULATOR_API_KEYS: "env-key,,k",
    });
    expect(first.stdout()).not.toContain("env-key");
    const created = await fetch(`${first.url}/api/v1/integrations`, {
      method: "POST",
      headers: { "x-api-key": "k", "content-type": "application/json" },
      body: JSON.stringify({ name: "crash-safe", appName: "github", useServiceAuth: true }),
    });
    const { id } = (await created.json()) as { id: string };
    first.child.kill("SIGKILL");
    await first.exited;
    const second = await startCli(["--api-key", "k", "--data", dataFile, "--quiet"]);
    const read = await fetch(`${second.url}/api/v1/integrations/${id}`, { headers: { "x-api-key": "k" } });
    expect(read.status).toBe(200);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  });

  it("fire <instanceId> fires on a running emulator; --fire-every feeds every enabled instance", async () => {
    const hook = await startReceiver([200]);
    const cli = await startCli(["--api-key", "fire-key", "--fire-every", "0.3", "--quiet"]);
    try {
      const json = { "x-api-key": "fire-key", "content-type": "application/json" };
      const post = async (route: string, body: unknown) =>
        (
          await fetch(`${cli.url}${route}`, { method: "POST", headers: json, body: JSON.stringify(body) })
        ).json();
      const { id: integrationId } = (await post("/api/v1/integrations", {
        name: "hn",
        appName: "hackernews",
        authScheme: "NO_AUTH",
      })) as { id: string };
      const { connectedAccountId } = (await post("/api/v1/connectedAccounts", {
        integrationId,
        data: {},
      })) as {
        connectedAccountId: string;
      };
      const { triggerId } = (await post(
        `/api/v1/triggers/enable/${connectedAccountId}/HACKERNEWS_NEW_SHOW_HN`,
        {
          triggerConfig: {},
        },
      )) as { triggerId: string };
      await post("/api/v1/triggers/set_callback_url", { callbackURL: hook.url });
      // Deadlines here are guards only (a loaded machine starts each process slowly).
      await waitFor("the live feed", () => hook.received.length >= 2, 60_000);
      const fed = hook.received.slice(0, 2).map((got) => ({
        id: got.headers["webhook-id"],
        event: JSON.parse(got.body) as { type: string; data: { trigger_id: string } },
      }));
      expect(fed.map(({ event }) => [event.type, event.data.trigger_id])).toEqual([
        ["hackernews_new_show_hn", triggerId],
        ["hackernews_new_show_hn", triggerId],
      ]);
      expect(fed[0]?.id).not.toBe(fed[1]?.id);

      const fired = await runCli([
        "fire",
        triggerId,
        "--url",
        cli.url,
        "--api-key",
        "fire-key",
        "--payload",
        '{"n":1}',
      ]);
      expect(fired.stderr).toBe("");
      expect(fired.code).toBe(0);
      const { eventId } = JSON.parse(fired.stdout) as { eventId: string };
      await waitFor(
        "the fired event",
        () => hook.received.some((got) => got.headers["webhook-id"] === eventId),
        60_000,
      );
      const delivered = hook.received.find((got) => got.headers["webhook-id"] === eventId);
      expect(JSON.parse(delivered?.body ?? "{}").data).toEqual({
        n: 1,
        connection_id: connectedAccountId,
        trigger_id: triggerId,
      });

      const unknown = await runCli(["fire", "nope", "--url", cli.url, "--api-key", "fire-key"]);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain("the emulator answered 404: Trigger instance nope not found");
    } finally {
      await hook.close();
    }
    cli.child.kill("SIGTERM");
    expect(await cli.exited).toBe(0);
  });

  it("rejects invalid flags with a message and a non-zero exit", async () => {
    const badRate = await runCli(["--error-rate", "2"]);
    expect(badRate.code).not.toBe(0);
    expect(badRate.stderr).toMatch(/error-rate/);
    const badMode = await runCli(["--secret-values", "shown"]);
    expect(badMode.code).not.toBe(0);
    expect(badMode.stderr).toMatch(/secret-values/);
  });
});
