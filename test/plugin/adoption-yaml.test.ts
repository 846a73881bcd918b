/**
 * An account set up by hand, adopted by a Pulumi YAML program on the real CLI and the real
 * `pulumi-language-yaml`: `integrations-import` writes the import file, the stack is pinned to the account
 * (`integrations:accountId`) with the key and base URL only in the environment, `pulumi import --file --out`
 * writes the program's resources, which go into Pulumi.yaml; `up` and `preview --expect-no-changes` then find
 * the program and the account agreeing. The generated program, converted to PCL, is generated again in
 * TypeScript, Python and Go and each is type-checked or built against the project's SDK. Once unprotected, a
 * destroy leaves the account as the default policies say. One emulator, one stack, each command run once.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isMap, parseDocument, parse as parseYaml } from "yaml";
import { convertError } from "../../scripts/convert-yaml-quickstart";
import { IMPORT_TYPES } from "../../src/adoption/import-file";
import type { ConnectorRecord } from "../../src/client";
import type { RequestLogEntry } from "../../src/emulator/types";
import { generatePrograms, programFiles, type ProgramLanguage } from "../../tools/pulumi/programgen";
import { runCli, type PulumiStack } from "../../tools/pulumi/stack";
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
import {
  buildGo,
  typecheckPython,
  typecheckTypeScript,
  type ProgramErrors,
} from "./support/generated-programs";
import { yamlPluginStack } from "./support/quickstart-stack";

const LABEL = "adopt";
const SCHEMA = join(__dirname, "..", "..", "provider", "schema.json");
const PROVIDER = "pulumi:providers:integrations";

interface GeneratedResource {
  type: string;
  name?: string;
  properties?: Record<string, unknown>;
  options?: Record<string, unknown>;
}

function succeeded(result: OperationResult): OperationResult {
  if (result.error !== undefined || result.exitCode !== 0)
    throw new Error(`${result.kind} failed: ${result.error}\n${result.output}`);
  return result;
}

describe("adopting a hand-made account in Pulumi YAML", () => {
  let api: E2eApi;
  let account: HandMadeAccount;
  let imported: ImportRun;
  let stack: PulumiStack;
  let programDir: string;
  const runs: Record<string, OperationResult> = {};
  const states: Record<string, string> = {};
  let generatedYaml: string;
  let sharedBefore: ConnectorRecord;
  let convertOutput: string;
  let pcl: string;
  let checks: { typescript: ProgramErrors; python: ProgramErrors; pythonFiles: number; go: ProgramErrors };
  let unprotect: { exitCode: number | null; stderr: string };
  let writes: RequestLogEntry[];
  const after: Record<string, unknown> = {};

  beforeAll(async () => {
    const started = performance.now();
    const durations: Record<string, number> = {};
    const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
      const at = performance.now();
      try {
        return await work();
      } finally {
        durations[step] = performance.now() - at;
      }
    };
    api = await startE2eApi();
    account = await makeAccountByHand(api.client, LABEL);
    sharedBefore = await api.client.getIntegration(account.sharedId);
    api.emulator.requestLog.clear();

    const stage = mkdtempSync(join(createStageRoot(), "adoption-yaml-"));
    programDir = join(stage, "program");
    mkdirSync(programDir);
    writeFileSync(join(programDir, "Pulumi.yaml"), "name: adoption-yaml\nruntime: yaml\n");
    const settings = { baseUrl: api.emulator.url, apiKey: api.apiKey };
    imported = await timed("integrations-import", () =>
      // The objects' own names as logical names: the YAML generator keeps them (`name:`), and so do the
      // programs converted from it.
      runIntegrationsImport(settings, stage, [
        "--state-only",
        `${LABEL}-shared-linear`,
        "--logical-names",
        "objects",
      ]),
    );
    // The key and the base URL as a pipeline gives them, in the environment only: the pin is the one setting
    // the stack keeps.
    stack = await timed("stack", () =>
      yamlPluginStack(programDir, {
        config: { "integrations:accountId": account.accountId },
        env: { INTEGRATIONS_API_KEY: api.apiKey, INTEGRATIONS_BASE_URL: api.emulator.url },
      }),
    );

    const generatedFile = join(stage, "generated.yaml");
    runs.import = succeeded(
      await stack.command("import", [
        "--file",
        imported.path,
        "--out",
        generatedFile,
        "--yes",
        "--skip-preview",
      ]),
    );
    generatedYaml = readFileSync(generatedFile, "utf8");
    const program = parseDocument(readFileSync(join(programDir, "Pulumi.yaml"), "utf8"));
    const additions = parseDocument(generatedYaml).get("resources", true);
    if (!isMap(additions)) throw new Error(`no resources: map in the generated YAML:\n${generatedYaml}`);
    program.set("resources", additions);
    writeFileSync(join(programDir, "Pulumi.yaml"), program.toString());

    runs.up = succeeded(await stack.up({ skipPreview: true }));
    states.up = await stack.stateText();
    runs.noChanges = await stack.preview({ expectNoChanges: true });

    const pclDir = join(stage, "pcl");
    const convert = await timed("convert", () =>
      runCli(
        pinnedCli(),
        [
          "--cwd",
          programDir,
          "--non-interactive",
          "convert",
          "--from",
          "yaml",
          "--language",
          "pcl",
          "--out",
          pclDir,
        ],
        {
          // The stack's environment ignores ambient plugins, and the CLI looks for a converter only there (on
          // PATH): the YAML converter beside the pinned CLI, the integrations plugin from the stack's home.
          env: {
            ...process.env,
            PATH: [pinnedCli().dir, process.env.PATH ?? ""].join(":"),
            PULUMI_HOME: join(stack.workDir, "home"),
            PULUMI_SKIP_UPDATE_CHECK: "true",
            PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
            PULUMI_DISABLE_REGISTRY_RESOLVE: "true",
            NO_COLOR: "true",
          },
        },
      ),
    );
    convertOutput = convert.stdout + convert.stderr;
    const error = convert.exitCode === 0 ? convertError(convertOutput) : convertOutput;
    if (error !== undefined) throw new Error(`pulumi convert --from yaml failed: ${error}`);
    pcl = readFileSync(join(pclDir, "program.pp"), "utf8");
    const programs = await timed("programgen", () =>
      generatePrograms({ pclDir, schemaPaths: [SCHEMA], outDir: join(stage, "generated") }),
    );
    const file = (language: ProgramLanguage) => ({
      adoption: join(programs[language], programFiles[language]),
    });

    // The code checks and the teardown share nothing: one runs while the other waits on processes.
    const [typescript, python, go] = await Promise.all([
      timed("tsc", () => typecheckTypeScript(file("typescript"), join(stage, "ts"))),
      timed("pyright", () => typecheckPython(file("python"), join(stage, "py"))),
      timed("go build", () => buildGo(file("go"), join(stage, "golang"))),
      (async () => {
        unprotect = await stack.cli(["state", "unprotect", "--all", "--stack", stack.stackName, "--yes"]);
        runs.destroy = succeeded(await stack.destroy({ skipPreview: true }));
        states.destroy = await stack.stateText();
      })(),
    ]);
    checks = { typescript, python: python.errors, pythonFiles: python.filesAnalyzed, go };

    writes = api.emulator.requestLog.entries().filter((entry) => entry.method !== "GET");
    after.slack = await api.client.getIntegration(account.slackId);
    after.github = await api.client.getIntegration(account.githubId);
    after.shared = await api.client.getIntegration(account.sharedId);
    after.connectedAccount = await api.client.getConnectedAccount(account.connectedAccountId).then(
      () => "found",
      (error: Error) => error.name,
    );
    after.triggerInstance = await api.client.getTriggerInstance(account.triggerInstanceId);
    after.callbackUrl = await api.client.getCallbackUrl();

    for (const [name, run] of Object.entries(runs)) durations[name] = run.durationMs;
    const each = Object.entries(durations).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`YAML adoption: ${seconds} s for ${each.join(", ")}`);
  }, 600_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  /** The import file's entry of the object of this id. */
  const entryOf = (id: string) => {
    const entry = imported.file.resources.find((candidate) => candidate.id === id);
    if (entry === undefined) throw new Error(`no entry of ${id} in the import file`);
    return entry;
  };
  const generated = () =>
    (parseYaml(generatedYaml) as { resources: Record<string, GeneratedResource> }).resources;

  describe("the import", () => {
    it("imports every object of the account, each with the id of the hand-made object, protected", () => {
      const expected = [
        [IMPORT_TYPES.connector, account.slackId],
        [IMPORT_TYPES.connector, account.githubId],
        [IMPORT_TYPES.integrationState, account.sharedId],
        [IMPORT_TYPES.connectedAccount, account.connectedAccountId],
        [IMPORT_TYPES.triggerInstance, account.triggerInstanceId],
        [IMPORT_TYPES.triggerWebhook, "callback-url"],
      ];
      const adopted = storedResources(states.up).filter((r) => r.type.startsWith("integrations:"));
      expect(adopted.map((r) => [r.type, r.id]).sort()).toEqual(expected.sort());
      for (const resource of adopted) {
        expect(resource.protect).toBe(true);
        expect(resource.urn).toBe(stack.urn(resource.type, entryOf(resource.id!).logicalName));
      }
      expect(runs.import.steps.filter((step) => step.op === "import")).toHaveLength(expected.length);
    });

    it("records the pinned account as chosen in the default provider's state, and no key", () => {
      const providers = storedResources(states.up).filter((resource) => resource.type === PROVIDER);
      expect(providers).toHaveLength(1);
      expect(providers[0]!.urn).toMatch(/::default/);
      expect(providers[0]!.inputs).toMatchObject({ accountId: account.accountId, accountChosen: true });
      expect(providers[0]!.inputs?.apiKey).toBeUndefined();
    });
  });

  describe("the generated YAML", () => {
    it("names no input at its default", () => {
      expect(generatedYaml).not.toMatch(/deletionPolicy|forceNewIntegration|onDelete|useServiceAuth: false/);
      expect(generatedYaml).not.toMatch(/enabled: true/);
      // The state-only connector is disabled: the one `enabled` written is that.
      expect(generated()[entryOf(account.sharedId).name]?.properties?.enabled).toBe(false);
    });

    it("refers to the imported connector and account by reference, not by id", () => {
      const resources = generated();
      const github = entryOf(account.githubId).name;
      const connectedAccount = entryOf(account.connectedAccountId).name;
      expect(resources[connectedAccount]?.properties?.integrationId).toBe(`\${${github}.id}`);
      expect(resources[entryOf(account.triggerInstanceId).name]?.properties?.connectedAccountId).toBe(
        `\${${connectedAccount}.id}`,
      );
      expect(Object.values(resources).map((resource) => resource.options?.protect)).toEqual(
        Array(imported.file.resources.length).fill(true),
      );
    });
  });

  describe("the program with the generated resources", () => {
    it("changes nothing on up, and a preview with --expect-no-changes passes", () => {
      expect(runs.up.steps.filter((step) => step.op !== "same")).toEqual([]);
      expect(runs.noChanges.exitCode).toBe(0);
      expect(runs.noChanges.steps.filter((step) => step.op !== "same")).toEqual([]);
      expect(runs.noChanges.steps).toHaveLength(imported.file.resources.length + 1);
    });
  });

  describe("secrets", () => {
    it("never shows the slack client_secret, the github token or the API key in state, files or output", () => {
      const texts = {
        ...states,
        importFile: readFileSync(imported.path, "utf8"),
        notes: imported.notes,
        importOutput: imported.stdout + imported.stderr,
        generatedYaml,
        convertOutput,
        ...Object.fromEntries(Object.entries(runs).map(([name, run]) => [name, run.output])),
        eventLogs: stack.eventLogText(),
      };
      const secrets = [account.secrets.slackClientSecret, account.secrets.githubToken, api.apiKey];
      for (const [name, text] of Object.entries(texts))
        for (const secret of secrets) expect({ [name]: text.includes(secret) }).toEqual({ [name]: false });
    });
  });

  describe("the code import writes, in every language", () => {
    it("starts from a PCL program holding every imported resource and the references", () => {
      const types = [...pcl.matchAll(/^resource \w+ "([\w:]+)" \{/gm)].map((match) => match[1]);
      expect(types.sort()).toEqual(imported.file.resources.map((entry) => entry.type).sort());
      expect(pcl).toContain(`integrationId = ${entryOf(account.githubId).name}.id`);
      expect(pcl).toContain(`connectedAccountId = ${entryOf(account.connectedAccountId).name}.id`);
    });

    it("type-checks in TypeScript against the built Node.js SDK", () => {
      expect(checks.typescript).toEqual({});
    });

    it("compiles and passes pyright in Python against sdk/python", () => {
      expect(checks.pythonFiles).toBe(1);
      expect(checks.python).toEqual({});
    });

    it("builds and passes go vet in Go against sdk/go", () => {
      expect(checks.go).toEqual({});
    });
  });

  describe("destroy under the default policies", () => {
    it("deletes both connectors, the connected account and the trigger instance, and nothing else", () => {
      expect(unprotect.exitCode).toBe(0);
      expect(storedResources(states.destroy)).toEqual([]);
      expect((after.slack as ConnectorRecord).deleted).toBe(true);
      expect((after.github as ConnectorRecord).deleted).toBe(true);
      expect(after.connectedAccount).toBe("NotFoundError");
      expect(after.triggerInstance).toBeUndefined();
      // Import, up, preview and destroy read; the only writes are the deletes of what the stack owns.
      expect(writes.map((entry) => `${entry.method} ${entry.url}`).sort()).toEqual(
        [
          `DELETE /api/v1/integrations/${account.slackId}`,
          `DELETE /api/v1/integrations/${account.githubId}`,
          `DELETE /api/v1/connectedAccounts/${account.connectedAccountId}`,
          `DELETE /api/v1/triggers/instance/${account.triggerInstanceId}`,
        ].sort(),
      );
    });

    it("leaves the state-only connector as found (onDelete retain) and the callback URL as it was", () => {
      expect(after.shared).toEqual(sharedBefore);
      expect((after.shared as ConnectorRecord).enabled).toBe(false);
      // The imported TriggerWebhook found the URL it manages: restoring it puts back the same URL.
      expect(after.callbackUrl).toBe(account.callbackUrl);
    });
  });
});
