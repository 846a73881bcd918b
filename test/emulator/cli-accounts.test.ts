/**
 * The command line's `--api-key <key>=<tenant>` (and the same in INTEGRATIONS_EMULATOR_API_KEYS), and the
 * `--late-commit` and `--clock-offset` fault options. The fact of the real service it encodes: an API key
 * belongs to a client (project) with an id of its own (ClientInfoAPIKeyResDTO.clientId, ClientDTO.id),
 * which several keys share.
 *
 * The command runs from the sources (ts-node, transpile only), not from the packed package as cli.test.ts
 * does: these are the parsing and the messages of src/emulator/cli.ts, and need no build.
 */
import { spawn } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
const CLI = ["-r", "ts-node/register/transpile-only", path.join(ROOT, "src/emulator/cli.ts")];

// Starting the command costs a second or two, more on a busy machine: a guard, not a measure.
jest.setTimeout(60_000);

interface Run {
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
  stop: () => void;
}

const running: Run[] = [];
afterEach(() => {
  for (const run of running.splice(0)) run.stop();
});

function run(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, [...CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, INTEGRATIONS_EMULATOR_API_KEYS: "", ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const handle = {
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    },
  };
  running.push(handle);
  return handle;
}

/** The URL once both start-up lines are out. */
async function listening(cli: Run): Promise<string> {
  for (const deadline = Date.now() + 45_000; Date.now() < deadline;) {
    const match = /listening on (http:\/\/\S+)\n[^]*^API key/m.exec(cli.stdout());
    if (match?.[1]) return match[1];
    const code = await Promise.race([cli.exited, new Promise((resolve) => setTimeout(resolve, 50, "wait"))]);
    if (code !== "wait") throw new Error(`the CLI exited: ${cli.stdout()} ${cli.stderr()}`);
  }
  throw new Error(`the CLI did not start: ${cli.stdout()} ${cli.stderr()}`);
}

const clientId = async (url: string, apiKey: string) => {
  const response = await fetch(`${url}/api/v1/client/auth/client_info`, { headers: { "x-api-key": apiKey } });
  return ((await response.json()) as { client: { id: string } }).client.id;
};

describe("integrations-emulator --api-key <key>=<tenant>", () => {
  it("gives keys naming one tenant one account, keeps a bare key its own, and never prints a key", async () => {
    const cli = run([
      "--port",
      "0",
      "--quiet",
      "--api-key",
      "cli-one=acme",
      "--api-key",
      "cli-two=acme",
      "--api-key",
      "cli-bare",
    ]);
    const url = await listening(cli);
    expect(await clientId(url, "cli-one")).toBe("acme");
    expect(await clientId(url, "cli-two")).toBe("acme");
    expect(await clientId(url, "cli-bare")).toMatch(/^client_[0-9a-f]{16}$/);
    // The key is the part before the last "=": the whole entry is no key.
    const whole = await fetch(`${url}/api/v1/apps`, { headers: { "x-api-key": "cli-one=acme" } });
    expect(whole.status).toBe(401);
    expect(cli.stdout()).toContain("API keys: 3 configured, 2 account(s)");
    expect(cli.stdout()).not.toContain("cli-");
  });

  it("takes the same entries from INTEGRATIONS_EMULATOR_API_KEYS, with the fault options", async () => {
    const cli = run(["--port", "0", "--quiet", "--late-commit", "250", "--clock-offset", "-3600000"], {
      INTEGRATIONS_EMULATOR_API_KEYS: "env-one=acme,env-two=acme,env-three",
    });
    const url = await listening(cli);
    expect(await clientId(url, "env-two")).toBe("acme");
    const faults = await fetch(`${url}/_emulator/faults`, { headers: { "x-api-key": "env-three" } });
    expect(await faults.json()).toMatchObject({ lateCommitMs: 250, clockOffsetMs: -3_600_000 });
  });

  it("fire takes its key from the first entry of INTEGRATIONS_EMULATOR_API_KEYS, without its =tenant", async () => {
    const env = { INTEGRATIONS_EMULATOR_API_KEYS: "fire-one=acme,fire-two" };
    const url = await listening(run(["--port", "0", "--quiet"], env));
    const fire = run(["fire", "nope", "--url", url], env);
    expect(await fire.exited).toBe(1);
    // Authenticated (a 404 for the unknown instance, not a 401 for a key "fire-one=acme").
    expect(fire.stderr()).toContain("the emulator answered 404: Trigger instance nope not found");
  });

  it("rejects a bad tenant name with one line naming the rule, not the key, and exit code 1", async () => {
    const cli = run(["--port", "0", "--api-key", "good-key", "--api-key", "secret-value=no spaces"]);
    expect(await cli.exited).toBe(1);
    expect(cli.stderr()).toBe(
      'integrations-emulator: API key #2: the tenant name after the last "=" must match ' +
        '/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/ (letters, digits, ".", "_", "-", starting with a letter or digit, ' +
        'at most 64 characters); a key that contains "=" needs a tenant: <key>=<tenant>\n',
    );
    expect(cli.stdout()).toBe("");
  });

  it("rejects a late commit or clock offset out of range", async () => {
    const late = run(["--late-commit", "-5"]);
    expect(await late.exited).not.toBe(0);
    expect(late.stderr()).toMatch(/late-commit/);
    const clock = run(["--clock-offset", "1.5"]);
    expect(await clock.exited).not.toBe(0);
    expect(clock.stderr()).toMatch(/clock-offset/);
  });
});
