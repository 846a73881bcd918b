/**
 * Adopting an account made by hand into a Java program, as a platform team does it: integrations-import writes
 * the import file (one connector imported as IntegrationState with --state-only), the stack is pinned to the
 * account by config, `pulumi import --file ... --out App.java` runs on the real CLI and the real
 * `pulumi-language-java`, the generated App.java becomes the program as it is and compiles with javac against
 * sdk/java, `up` and `preview --expect-no-changes` pass, and once unprotected `destroy` leaves the account as
 * the default policies say. The key and base URL reach the CLI, the plugin and the program through the
 * environment (INTEGRATIONS_API_KEY, INTEGRATIONS_BASE_URL), as they reach integrations-import: no stack config
 * holds the key. The commands run once in beforeAll (Java pays `mvn compile exec:java` for each run of the
 * program: here the up and the preview); each test reads its step.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  NotFoundError,
  type ActiveTrigger,
  type ConnectedAccount,
  type ConnectorRecord,
} from "../../src/client";
import { installJavaSdk, runMaven, useInstalledSdk } from "../../tools/java/maven";
import { installJavaHost } from "../../tools/pulumi-java/host";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { startE2eApi, type E2eApi } from "../e2e/support/e2e-api";
import {
  makeAccountByHand,
  runIntegrationsImport,
  storedResources,
  type HandMadeAccount,
  type ImportRun,
} from "../support/adoption";
import { createStageRoot } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";
import { leaksIn } from "../support/secret-leaks";
import { pluginTarball } from "./support/plugin-tarball";
import { pluginStack } from "./support/quickstart-stack";

const REPO = join(__dirname, "..", "..");
const QUICKSTART_POM = join(REPO, "examples", "java-quickstart", "pom.xml");
const LABEL = "adopt-java";
const PROJECT = "integrations-adoption-java";

/** A CLI command's output, or a failure with what it printed. */
function succeeded<T extends { exitCode: number | null; stdout?: string; stderr?: string; output?: string }>(
  what: string,
  run: T,
): T {
  if (run.exitCode !== 0)
    throw new Error(`${what} failed:\n${run.output ?? `${run.stdout ?? ""}${run.stderr ?? ""}`}`);
  return run;
}

let api: E2eApi;
let account: HandMadeAccount;
let importRun: ImportRun;
let stack: PulumiStack;
let programDir: string;
let generated: string;
let javaPackage: string;
const outputs: Record<string, string> = {};
const runs: Record<string, OperationResult> = {};
let compileError: string | undefined;
let stateAfterUp: string;
let decryptedAfterUp: string;
let writesOfUpAndPreview: string[] | undefined;
const after: {
  slack?: ConnectorRecord;
  github?: ConnectorRecord;
  shared?: ConnectorRecord;
  connectedAccount?: ConnectedAccount;
  triggerInstance?: ActiveTrigger;
  callbackUrl?: string;
} = {};

beforeAll(async () => {
  const started = performance.now();
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const durations: string[] = [];
  const timed = async <T>(name: string, step: () => Promise<T>): Promise<T> => {
    const begun = performance.now();
    const result = await step();
    durations.push(`${name} ${seconds(performance.now() - begun)}`);
    return result;
  };

  api = await startE2eApi();
  account = await makeAccountByHand(api.client, LABEL);
  const settings = { baseUrl: api.emulator.url, apiKey: api.apiKey };
  const stage = mkdtempSync(join(createStageRoot(), "adoption-java-"));
  importRun = await timed("integrations-import", () =>
    // The default logical names (the variables'): pulumi-java's generator names each resource after its
    // variable, whatever the file's logicalName says.
    runIntegrationsImport(settings, stage, ["--state-only", `${LABEL}-shared-linear`]),
  );

  // The language host reads the pom.xml even for `pulumi import`: the project is a Maven project from the
  // start, with no source until the import writes one.
  mkdirSync(join(createStageRoot(), "programs"), { recursive: true });
  programDir = mkdtempSync(join(createStageRoot(), "programs", "adoption-java-"));
  writeFileSync(join(programDir, "Pulumi.yaml"), `name: ${PROJECT}\nruntime: java\n`);
  const pom = readFileSync(QUICKSTART_POM, "utf8");
  writeFileSync(join(programDir, "pom.xml"), pom);
  const sdk = await installJavaSdk();
  useInstalledSdk(programDir, sdk);
  // Built once per run for every plugin test (the first to ask pays): timed apart from this file's own steps.
  await timed("release folder", () => pluginTarball());
  stack = await timed("stack", () =>
    pluginStack(programDir, {
      config: { "integrations:accountId": account.accountId },
      env: { INTEGRATIONS_API_KEY: settings.apiKey, INTEGRATIONS_BASE_URL: settings.baseUrl },
      realLanguageHost: true,
      installInHome: (home) => installJavaHost(pinnedCli(), home),
    }),
  );

  const generatedFile = join(stage, "App.java");
  const imported = await timed("import", () =>
    stack.cli([
      "import",
      "--stack",
      stack.stackName,
      "--file",
      importRun.path,
      "--out",
      generatedFile,
      "--yes",
    ]),
  );
  outputs.import = succeeded("pulumi import", imported).stdout + imported.stderr;
  generated = readFileSync(generatedFile, "utf8");

  // The generated file goes where its package line says, and the pom runs the class it declares: the code is
  // the generator's, as it wrote it.
  javaPackage = /^package ([\w.]+);/m.exec(generated)?.[1] ?? "";
  if (!javaPackage) throw new Error(`the generated App.java declares no package:\n${generated}`);
  const sourceDir = join(programDir, "src", "main", "java", ...javaPackage.split("."));
  mkdirSync(sourceDir, { recursive: true });
  copyFileSync(generatedFile, join(sourceDir, "App.java"));
  const mainClass = pom.replace(
    /<mainClass>[\w.]+<\/mainClass>/,
    `<mainClass>${javaPackage}.App</mainClass>`,
  );
  if (mainClass === pom) throw new Error(`${QUICKSTART_POM} has no mainClass property`);
  writeFileSync(join(programDir, "pom.xml"), mainClass);

  await timed("mvn compile", () =>
    runMaven(["compile"], programDir).catch((error: Error) => {
      compileError = error.message;
    }),
  );
  if (compileError === undefined) {
    api.emulator.requestLog.clear();
    runs.up = await timed("up", () => stack.up({ skipPreview: true }));
    stateAfterUp = await stack.stateText();
    decryptedAfterUp = JSON.stringify(await stack.snapshot());
    runs.preview = await timed("preview", () => stack.preview({ expectNoChanges: true }));
    writesOfUpAndPreview = api.emulator.requestLog
      .entries()
      .filter((entry) => entry.method !== "GET")
      .map((entry) => `${entry.method} ${entry.route}`);
  }

  const unprotected = await stack.cli(["state", "unprotect", "--all", "--yes", "--stack", stack.stackName]);
  outputs.unprotect = succeeded("pulumi state unprotect", unprotected).stdout + unprotected.stderr;
  runs.destroy = await timed("destroy", () => stack.destroy({ skipPreview: true }));

  const orGone = <T>(read: Promise<T>) =>
    read.catch((error: unknown) => {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    });
  after.slack = await orGone(api.client.getIntegration(account.slackId));
  after.github = await orGone(api.client.getIntegration(account.githubId));
  after.shared = await orGone(api.client.getIntegration(account.sharedId));
  after.connectedAccount = await orGone(api.client.getConnectedAccount(account.connectedAccountId));
  after.triggerInstance = await api.client.getTriggerInstance(account.triggerInstanceId);
  after.callbackUrl = await api.client.getCallbackUrl();
  console.log(
    `Java adoption: ${seconds(performance.now() - started)} for ${durations.join(", ")} (Java SDK ${sdk.version})`,
  );
}, 600_000);

afterAll(async () => {
  await stack?.dispose();
  await api?.close();
});

const CONNECTOR = "integrations:index:Connector";
const INTEGRATION_STATE = "integrations:index:IntegrationState";
const CONNECTED_ACCOUNT = "integrations:index:ConnectedAccount";
const TRIGGER_INSTANCE = "integrations:index:TriggerInstance";
const TRIGGER_WEBHOOK = "integrations:index:TriggerWebhook";

/** The variable the generated program gives the resource of this hand-made object's id. */
function variableOf(id: string): string {
  const entry = importRun.file.resources.find((candidate) => candidate.id === id);
  if (!entry) throw new Error(`the import file has no entry of id ${id}`);
  return entry.name;
}

describe("the generated App.java", () => {
  it("compiles with javac against sdk/java, as `pulumi import` wrote it", () => {
    expect(compileError).toBeUndefined();
    expect(generated).toContain(`package ${javaPackage};`);
  });

  it("declares every object of the import file, under the file's variable names", () => {
    for (const entry of importRun.file.resources)
      expect(generated).toMatch(new RegExp(`var ${entry.name} = new \\w+\\("${entry.logicalName}"`));
  });

  it("names no input at its default", () => {
    for (const input of ["deletionPolicy", "forceNewIntegration", "onDelete", "useServiceAuth(false)"])
      expect(generated).not.toContain(input);
  });

  it("refers to the imported connector and account, never to their ids", () => {
    expect(generated).toContain(`.integrationId(${variableOf(account.githubId)}.id())`);
    expect(generated).toContain(`.connectedAccountId(${variableOf(account.connectedAccountId)}.id())`);
    for (const id of [account.githubId, account.connectedAccountId]) expect(generated).not.toContain(id);
  });
});

describe("the first up and preview of the generated program", () => {
  it("up declares every imported resource and changes none of them", () => {
    expect(runs.up?.error).toBeUndefined();
    const declared = runs.up?.steps
      .filter((step) => step.type.startsWith("integrations:index:"))
      .map((step) => step.name)
      .sort();
    expect(declared).toEqual(importRun.file.resources.map((entry) => entry.logicalName).sort());
    expect(runs.up?.steps.filter((step) => step.op !== "same")).toEqual([]);
  });

  it("neither writes to the account", () => {
    expect(writesOfUpAndPreview).toEqual([]);
  });

  it("`preview --expect-no-changes` passes", () => {
    expect(runs.preview?.error).toBeUndefined();
    expect(runs.preview?.exitCode).toBe(0);
    expect(runs.preview?.steps.filter((step) => step.op !== "same")).toEqual([]);
    expect(runs.preview?.steps.length).toBeGreaterThanOrEqual(7);
  });
});

describe("the stack's state after the import", () => {
  it("holds every hand-made object under its own id, protected, with the import file's logical name", () => {
    const held = storedResources(stateAfterUp)
      .filter((resource) => resource.type.startsWith("integrations:index:"))
      .map((resource) => ({ type: resource.type, id: resource.id, protect: resource.protect }));
    for (const entry of importRun.file.resources)
      expect(storedResources(stateAfterUp).find((resource) => resource.id === entry.id)?.urn).toBe(
        stack.urn(entry.type, entry.logicalName),
      );
    expect(held).toHaveLength(6);
    expect(held).toEqual(
      expect.arrayContaining(
        [
          { type: CONNECTOR, id: account.slackId },
          { type: CONNECTOR, id: account.githubId },
          { type: INTEGRATION_STATE, id: account.sharedId },
          { type: CONNECTED_ACCOUNT, id: account.connectedAccountId },
          { type: TRIGGER_INSTANCE, id: account.triggerInstanceId },
          { type: TRIGGER_WEBHOOK, id: "callback-url" },
        ].map((expected) => ({ ...expected, protect: true })),
      ),
    );
  });

  it("records the pinned account in the default provider, as chosen", () => {
    const providers = storedResources(stateAfterUp).filter(
      (resource) => resource.type === "pulumi:providers:integrations",
    );
    expect(providers).toHaveLength(1);
    expect(providers[0]?.urn).toContain("::default");
    expect(providers[0]?.inputs).toMatchObject({ accountId: account.accountId, accountChosen: true });
  });
});

describe("secrets of the adopted account", () => {
  it("appear in no file, state or output of the adoption", () => {
    const places = {
      "import file": JSON.stringify(importRun.file),
      notes: importRun.notes,
      "integrations-import output": importRun.stdout + importRun.stderr,
      "generated App.java": generated,
      "state export": stateAfterUp,
      "decrypted state": decryptedAfterUp,
      "pulumi import output": outputs.import ?? "",
      "state unprotect output": outputs.unprotect ?? "",
      "up, preview and destroy output": Object.values(runs)
        .map((run) => run.output)
        .join("\n"),
      "engine event logs": stack.eventLogText(),
    };
    expect(Object.values(places).every((text) => text.length > 0)).toBe(true);
    const secrets = {
      "slack client_secret": account.secrets.slackClientSecret,
      "github token": account.secrets.githubToken,
      "API key": api.apiKey,
    };
    expect(leaksIn(places, secrets)).toEqual([]);
  });
});

describe("destroy after `pulumi state unprotect --all`", () => {
  it("deletes the adopted connectors, the connected account and the trigger instance", () => {
    expect(runs.destroy?.error).toBeUndefined();
    expect(after.slack?.deleted).toBe(true);
    expect(after.github?.deleted).toBe(true);
    expect(after.connectedAccount).toBeUndefined();
    expect(after.triggerInstance).toBeUndefined();
  });

  it("leaves the state-only connector as it found it, disabled", () => {
    expect(after.shared).toMatchObject({ id: account.sharedId, enabled: false });
    expect(after.shared?.deleted).not.toBe(true);
  });

  it("leaves the callback URL it found in place (restore puts back the URL the import found)", () => {
    expect(after.callbackUrl).toBe(account.callbackUrl);
  });
});
