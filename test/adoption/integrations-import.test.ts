/**
 * `integrations-import`, as a user runs it (the built bin, its own process, the key in its environment) and as
 * its parts are called: what the import file holds for an account set up by hand, the names it gives, what it
 * leaves out, what it costs, and its refusals. Real HTTP against the emulator on an ephemeral port.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { ApiClient } from "../../src/client";
import { readAccount } from "../../src/adoption/account-contents";
import { adoptionNotes } from "../../src/adoption/adoption-notes";
import { IMPORT_TYPES, planAdoption } from "../../src/adoption/import-file";
import { NameBook } from "../../src/adoption/logical-names";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import {
  IMPORT_BIN,
  makeAccountByHand,
  runIntegrationsImport,
  type HandMadeAccount,
} from "../support/adoption";
import { createStageRoot } from "../support/packed-package";

let emulator: RunningEmulator;
let client: ApiClient;
let account: HandMadeAccount;
const dir = () => mkdtempSync(join(createStageRoot(), "integrations-import-"));
const access = () => ({ baseUrl: emulator.url, apiKey: emulator.apiKey });

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  client = new ApiClient({ ...access(), maxRetries: 0 });
  account = await makeAccountByHand(client, "adopt");
});
afterAll(async () => {
  client.close();
  await emulator.close();
});

describe("the import file of an account set up by hand", () => {
  test("covers every connector, connected account and trigger instance, and the callback URL, by id", async () => {
    const run = await runIntegrationsImport(access(), dir());
    expect(run.file.resources.map(({ type, id }) => [type, id])).toEqual([
      [IMPORT_TYPES.connector, account.slackId],
      [IMPORT_TYPES.connector, account.sharedId],
      [IMPORT_TYPES.connector, account.githubId],
      [IMPORT_TYPES.connectedAccount, account.connectedAccountId],
      [IMPORT_TYPES.triggerInstance, account.triggerInstanceId],
      [IMPORT_TYPES.triggerWebhook, "callback-url"],
    ]);
    expect(run.stdout).toContain(`6 resources of account ${account.accountId}`);
  });

  test("takes logical names from the objects' names, in the variables' form every language keeps", async () => {
    const variables = await runIntegrationsImport(access(), dir());
    const named = (run: typeof variables) =>
      run.file.resources.map(({ name, logicalName }) => [name, logicalName]);
    expect(named(variables)).toEqual(
      [
        "adoptSlack",
        "adoptSharedLinear",
        "adoptGithub",
        "adoptGithubDefault",
        "adoptGithubGithubStarAddedEvent",
        "callbackUrl",
      ].map((name) => [name, name]),
    );
    const objects = await runIntegrationsImport(access(), dir(), ["--logical-names", "objects"]);
    expect(named(objects)).toEqual([
      ["adoptSlack", "adopt-slack"],
      ["adoptSharedLinear", "adopt-shared-linear"],
      ["adoptGithub", "adopt-github"],
      ["adoptGithubDefault", "adopt-github-default"],
      ["adoptGithubGithubStarAddedEvent", "adopt-github-github-star-added-event"],
      ["callbackUrl", "callback-url"],
    ]);
  });

  test("imports the connectors named by --state-only as IntegrationState (by name or id)", async () => {
    const byName = await runIntegrationsImport(access(), dir(), ["--state-only", "adopt-shared-linear"]);
    const typeOf = (file: typeof byName.file, id: string) => file.resources.find((r) => r.id === id)?.type;
    expect(typeOf(byName.file, account.sharedId)).toBe(IMPORT_TYPES.integrationState);
    expect(typeOf(byName.file, account.slackId)).toBe(IMPORT_TYPES.connector);
    const byId = await runIntegrationsImport(access(), dir(), ["--state-only", account.slackId]);
    expect(typeOf(byId.file, account.slackId)).toBe(IMPORT_TYPES.integrationState);
    const all = await runIntegrationsImport(access(), dir(), ["--state-only"]);
    expect(all.file.resources.filter((r) => r.type === IMPORT_TYPES.integrationState)).toHaveLength(3);
  });

  test("never writes a secret: the notes name each one the program gives from config", async () => {
    const run = await runIntegrationsImport(access(), dir());
    for (const written of [JSON.stringify(run.file), run.notes, run.stdout, run.stderr]) {
      for (const secret of [account.secrets.slackClientSecret, account.secrets.githubToken, emulator.apiKey])
        expect(written).not.toContain(secret);
    }
    expect(run.notes).toContain("| adoptSlack | authConfig | client_secret | adoptSlackClientSecret |");
    expect(run.notes).toContain("| adoptGithubDefault | data | token | adoptGithubDefaultToken |");
    expect(run.notes).toContain(`pulumi config set integrations:accountId ${account.accountId}`);
  });

  test("leaves out what a stack's export manages already, so no object gets a second owner", async () => {
    const where = dir();
    const exported = join(where, "stack.json");
    writeFileSync(
      exported,
      JSON.stringify({
        deployment: {
          resources: [
            { type: "integrations:index:Connector", id: account.slackId },
            { type: "pulumi-nodejs:dynamic/integrations:TriggerWebhook", id: "callback-url" },
            { type: "pulumi:providers:integrations", id: account.githubId },
          ],
          pending_operations: [
            { resource: { type: "integrations:index:TriggerInstance", id: account.triggerInstanceId } },
          ],
        },
      }),
    );
    const run = await runIntegrationsImport(access(), where, ["--skip-state", exported]);
    expect(run.file.resources.map((r) => r.id)).toEqual([
      account.sharedId,
      account.githubId,
      account.connectedAccountId,
    ]);
  });
});

describe("what reading an account costs", () => {
  test("one request per page of each listing and three more, however many objects a page holds", async () => {
    const requests = async () => {
      emulator.requestLog.clear();
      await readAccount(client);
      return emulator.requestLog.count();
    };
    const before = await requests();
    // Three listings of one page each, client_info, the callback URL and the catalog.
    expect(before).toBe(6);
    for (let i = 0; i < 40; i++)
      await client.createIntegration({
        name: `adopt-more-${i}`,
        appName: "linear",
        authScheme: "API_KEY",
        forceNewIntegration: true,
      });
    expect(await requests()).toBe(before);
  });
});

describe("the names of the entries", () => {
  test("a second object of the same name gets -2; a name no variable can be gets its kind", () => {
    const book = new NameBook();
    expect(book.take("github-bot", "connector")).toEqual({ name: "githubBot", logicalName: "github-bot" });
    expect(book.take("github-bot", "connector")).toEqual({ name: "githubBot2", logicalName: "github-bot-2" });
    expect(book.take("github_bot", "connector")).toEqual({ name: "githubBot3", logicalName: "github_bot-3" });
    expect(book.take("class", "connector")).toEqual({ name: "connectorClass", logicalName: "class" });
    expect(book.take("9lives", "account")).toEqual({ name: "account9lives", logicalName: "9lives" });
    expect(book.take("", "trigger")).toEqual({ name: "trigger", logicalName: "trigger" });
  });
});

describe("refusals, each in one line, before anything is written", () => {
  const bin = (args: string[], env: NodeJS.ProcessEnv) =>
    promisify(execFile)(process.execPath, [IMPORT_BIN, ...args], { env, encoding: "utf8" }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
  const { INTEGRATIONS_API_KEY: _key, INTEGRATIONS_BASE_URL: _url, ...clean } = process.env;

  test("no key: names the variable to set", async () => {
    const where = dir();
    const run = await bin(["--out", join(where, "import.json")], {
      ...clean,
      INTEGRATIONS_BASE_URL: emulator.url,
    });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(/^integrations-import: .*INTEGRATIONS_API_KEY/);
  });

  test("a key the service refuses: the status and the setting, never the key", async () => {
    const run = await bin(["--out", join(dir(), "import.json")], {
      ...clean,
      INTEGRATIONS_BASE_URL: emulator.url,
      INTEGRATIONS_API_KEY: "not-a-key-4a1b",
    });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("401");
    expect(run.stderr).not.toContain("not-a-key-4a1b");
  });

  test("a --state-only connector the account does not hold: named, and no file written", async () => {
    const where = dir();
    const run = await bin(["--out", join(where, "import.json"), "--state-only", "nope"], {
      ...clean,
      INTEGRATIONS_BASE_URL: emulator.url,
      INTEGRATIONS_API_KEY: emulator.apiKey,
    });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'integrations-import: --state-only: no connector of this account is named or has the id "nope"',
    );
    expect(() => readFileSync(join(where, "import.json"))).toThrow(/ENOENT/);
  });

  test("a --skip-state file that is not an export", async () => {
    const where = dir();
    writeFileSync(join(where, "stack.json"), "not json");
    const run = await bin(["--skip-state", join(where, "stack.json"), "--out", join(where, "import.json")], {
      ...clean,
      INTEGRATIONS_BASE_URL: emulator.url,
      INTEGRATIONS_API_KEY: emulator.apiKey,
    });
    expect(run.stderr.trim()).toBe(
      `integrations-import: --skip-state ${join(where, "stack.json")}: not the JSON of \`pulumi stack export\``,
    );
  });
});

test("the plan of an empty account is empty, and its notes say so", async () => {
  const empty = await startEmulator({ port: 0 });
  const emptyClient = new ApiClient({ baseUrl: empty.url, apiKey: empty.apiKey, maxRetries: 0 });
  try {
    const plan = planAdoption(await readAccount(emptyClient));
    expect(plan.file.resources).toEqual([]);
    expect(plan.secrets).toEqual([]);
    const notes = adoptionNotes(plan, "import.json", empty.url);
    expect(notes).toContain("nothing to import");
    expect(notes).toContain("None: every input of these objects can be read back.");
  } finally {
    emptyClient.close();
    await empty.close();
  }
});
