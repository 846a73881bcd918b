/**
 * The world a sequence runs in: two services (emulators on ephemeral ports) with four accounts, one stack of
 * one front end's program on the real CLI, and what can be seen of it after each step.
 *
 * Service one holds alpha (keys a1 and a2: the stack's account), beta (b1: a colleague's account, the wrong
 * key a CI secret may hold) and delta (d1: an account no step ever chooses). Service two knows a1 as the key
 * of gamma: switching the base URL there with the same key reaches another account. Before the stack, alpha
 * has a callback URL and an enabled integration made outside any stack, which the IntegrationState takes.
 */
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ApiClient } from "../../../src/client";
import { startEmulator, type RunningEmulator } from "../../../src/emulator";
import { PulumiStack } from "../../../tools/pulumi/stack";
import { distinctiveSecret } from "../../e2e/support/e2e-api";
import { yamlPluginStack } from "../../plugin/support/quickstart-stack";
import { createStageRoot, stageProgram } from "../../support/packed-package";
import { pinnedCli } from "../../support/pulumi-cli";
import { FIXTURE_SECRETS, type StackFixture } from "./fixture";
import { emptySpec, GROUPS, namesOf, TRIGGER, yamlProgram, type ProgramSpec } from "./program";

export type FrontEnd = "plugin" | "dynamic";
export type Account = "alpha" | "beta" | "delta" | "gamma";
export const ACCOUNTS: readonly Account[] = ["alpha", "beta", "delta", "gamma"];
export type KeyName = "a1" | "a2" | "b1";
type StackRole = "first" | "second" | "colleague";

export const BEFORE_URL = "https://before.example/alpha";

/** What one account holds of the stack's kinds, and its singletons. */
export interface AccountObjects {
  /** Live connectors whose name the program's logical names start (`seq-`), by id. */
  connectors: Record<string, { name: string; enabled: boolean | undefined }>;
  /** Connected accounts of those connectors, by id. */
  connectedAccounts: string[];
  /** Trigger instances on those accounts, by id. */
  triggerInstances: string[];
  callbackUrl: string | undefined;
  /** The integration made outside the stack (alpha only). */
  elsewhereEnabled: boolean | undefined;
}

export interface World {
  frontEnd: FrontEnd;
  stack: PulumiStack;
  programDir: string;
  services: { one: RunningEmulator; two: RunningEmulator };
  keys: Record<KeyName, string>;
  /** Every secret the world holds: none may show in clear. */
  secrets: string[];
  /** The environment of the CLI, providers and program: the default provider's key and base URL. */
  env: Record<string, string>;
  elsewhereId: string;
  /** Called as each catalogue step starts, with its descriptor. */
  ran(descriptor: string): void;
  /** Writes the program the spec describes. */
  writeProgram(spec: ProgramSpec): void;
  /**
   * Another stack, made at first use with the same settings and environment: `second` is `dev2` of the same
   * project and backend (the destination of `pulumi state move`); `colleague` is `dev` of the same project in
   * a backend of its own (a colleague's local backend: the same project, stack and logical names).
   */
  other(role: "second" | "colleague"): Promise<PulumiStack>;
  /** Writes the program of the stack in that role (made with `other` first). */
  writeOtherProgram(role: "second" | "colleague", spec: ProgramSpec): void;
  /** The stacks made so far: the first, then the others in the order they were made. */
  stacks(): PulumiStack[];
  /** Every account's objects now. */
  accounts(): Promise<Record<Account, AccountObjects>>;
  /** The writes (every request but a GET) each account received since the last call. */
  takeWrites(): Record<Account, string[]>;
  close(): Promise<void>;
}

/**
 * A new world of the front end's program. With a fixture, service one and the first stack are restored from
 * a stack an earlier release wrote (./fixture.ts) instead of being empty.
 */
export async function startWorld(
  frontEnd: FrontEnd,
  spec: ProgramSpec,
  ran: (descriptor: string) => void = () => {},
  fixture?: StackFixture,
): Promise<World> {
  const { d1, accountToken, ...keys } = fixture ? FIXTURE_SECRETS : freshSecrets();
  const [one, two] = await Promise.all([
    startEmulator({
      port: 0,
      apiKeys: serviceOneKeys({ ...keys, d1 }),
      dataFile: fixture?.dataFile,
    }),
    startEmulator({ port: 0, apiKeys: [`${keys.a1}=gamma`] }),
  ]);
  const tenants: Record<"one" | "two", Account[]> = {
    one: ["alpha", "alpha", "beta", "delta"],
    two: ["gamma"],
  };
  const readers: Record<Account, ApiClient> = {
    alpha: new ApiClient({ baseUrl: one.url, apiKey: keys.a2, maxRetries: 0 }),
    beta: new ApiClient({ baseUrl: one.url, apiKey: keys.b1, maxRetries: 0 }),
    delta: new ApiClient({ baseUrl: one.url, apiKey: d1, maxRetries: 0 }),
    gamma: new ApiClient({ baseUrl: two.url, apiKey: keys.a1, maxRetries: 0 }),
  };
  const elsewhereId = fixture?.elsewhereId ?? (await seedAlpha(readers.alpha));
  const logged = { one: 0, two: 0 };
  const takeWrites = (): Record<Account, string[]> => {
    const writes: Record<Account, string[]> = { alpha: [], beta: [], delta: [], gamma: [] };
    for (const [service, emulator] of [
      ["one", one],
      ["two", two],
    ] as const) {
      const entries = emulator.requestLog.entries();
      for (const entry of entries.slice(logged[service])) {
        if (entry.method === "GET" || entry.tenant === null) continue;
        writes[tenants[service][entry.tenant]!].push(`${entry.method} ${entry.route}`);
      }
      logged[service] = entries.length;
    }
    return writes;
  };
  takeWrites();

  const env: Record<string, string> = { INTEGRATIONS_API_KEY: keys.a1, INTEGRATIONS_BASE_URL: one.url };
  const { config, secrets: stackSecrets } = stackSettings({ ...keys, accountToken }, one.url, elsewhereId);
  // The account's token given plain (the `token-plain` step): YAML reads it from plain config. The dynamic
  // program reads it from the environment, since Pulumi stores a dynamic stack's whole config, plain values in
  // the clear, in its pulumi-nodejs provider's state.
  if (frontEnd === "plugin") config.accountTokenPlain = accountToken;
  else env.SEQ_ACCOUNT_TOKEN_PLAIN = accountToken;
  // YAML declares nothing conditionally, so each stack of the plugin has a program folder of its own. The
  // dynamic program reads the spec file of its stack: the second stack shares the first's folder, and the
  // colleague's (`dev` too, in its own backend) has its own.
  mkdirSync(join(createStageRoot(), "programs"), { recursive: true });
  const newProgramDir = () =>
    frontEnd === "plugin"
      ? Promise.resolve(mkdtempSync(join(createStageRoot(), "programs", "seq-plugin-")))
      : stageProgram(join(__dirname, "..", "programs", "dynamic"), "seq-dynamic");
  const programDir = await newProgramDir();
  const programDirs = new Map<StackRole, string>([["first", programDir]]);
  if (frontEnd === "dynamic") programDirs.set("second", programDir);
  const programDirOf = async (role: StackRole): Promise<string> => {
    if (!programDirs.has(role)) programDirs.set(role, await newProgramDir());
    return programDirs.get(role)!;
  };
  const stackNames: Record<StackRole, string> = { first: "dev", second: "dev2", colleague: "dev" };
  const writeProgramOf = (role: StackRole, next: ProgramSpec) => {
    const dir = programDirs.get(role)!;
    const name = stackNames[role];
    if (frontEnd === "plugin")
      writeFileSync(join(dir, "Pulumi.yaml"), yamlProgram(next, `urn:pulumi:${name}::seq-plugin::`));
    else writeFileSync(join(dir, `spec.${name}.json`), dynamicSpec(next));
  };
  writeProgramOf("first", spec);
  const newStack = (dir: string) =>
    frontEnd === "plugin"
      ? yamlPluginStack(dir, { config, secrets: stackSecrets, env })
      : PulumiStack.create({ cli: pinnedCli(), programDir: dir, config, secrets: stackSecrets, env });
  // The fixture's config file carries the passphrase salt its secrets were encrypted with.
  if (fixture) copyFileSync(fixture.configFile, join(programDir, "Pulumi.dev.yaml"));
  const stack = await newStack(programDir);
  if (fixture) await importState(stack, fixture.stateFor(one.url));
  const stacks = [stack];
  const others = new Map<StackRole, Promise<PulumiStack>>();
  const other = (role: "second" | "colleague") => {
    const made =
      others.get(role) ??
      (async () => {
        const dir = await programDirOf(role);
        writeProgramOf(role, emptySpec());
        const created =
          role === "second"
            ? await stack.sibling("dev2", dir, { config, secrets: stackSecrets })
            : await newStack(dir);
        stacks.push(created);
        return created;
      })();
    others.set(role, made);
    return made;
  };

  return {
    frontEnd,
    stack,
    programDir,
    services: { one, two },
    keys,
    secrets: [...Object.values(keys), d1, accountToken],
    env,
    elsewhereId,
    ran,
    writeProgram: (next) => writeProgramOf("first", next),
    other,
    writeOtherProgram: writeProgramOf,
    stacks: () => [...stacks],
    accounts: async () => {
      const entries = await Promise.all(
        ACCOUNTS.map(async (account) => [account, await objectsOf(readers[account], elsewhereId)] as const),
      );
      return Object.fromEntries(entries) as Record<Account, AccountObjects>;
    },
    takeWrites,
    close: async () => {
      for (const each of stacks) await each.dispose();
      for (const reader of Object.values(readers)) reader.close();
      await Promise.all([one.close(), two.close()]);
    },
  };
}

/** The keys and the connected account's token of a new world: distinctive, so that a leak can be found. */
function freshSecrets(): Record<keyof typeof FIXTURE_SECRETS, string> {
  const names = Object.keys(FIXTURE_SECRETS) as (keyof typeof FIXTURE_SECRETS)[];
  return Object.fromEntries(names.map((name) => [name, distinctiveSecret(`seq-${name}`)])) as Record<
    keyof typeof FIXTURE_SECRETS,
    string
  >;
}

/** The program's config: the service's URL, the integration made elsewhere, and the explicit providers' keys. */
export function stackSettings(
  secrets: Record<KeyName | "accountToken", string>,
  serviceUrl: string,
  elsewhereId: string,
): { config: Record<string, string>; secrets: Record<string, string> } {
  return {
    config: { serviceUrl, elsewhereId },
    secrets: { p1Key: secrets.a1, p2Key: secrets.a2, accountToken: secrets.accountToken },
  };
}

/** Service one's keys: the emulator's tenants are named after the accounts. */
export function serviceOneKeys(keys: Record<KeyName | "d1", string>): string[] {
  return [`${keys.a1}=alpha`, `${keys.a2}=alpha`, `${keys.b1}=beta`, `${keys.d1}=delta`];
}

/**
 * What alpha holds before any stack: a callback URL, and an enabled integration made outside any stack (which
 * the IntegrationState takes); returns that integration's id.
 */
export async function seedAlpha(alpha: ApiClient): Promise<string> {
  await alpha.setCallbackUrl(BEFORE_URL);
  const elsewhere = await alpha.createIntegration({
    name: "made-elsewhere",
    appName: "github",
    authScheme: "BEARER_TOKEN",
    forceNewIntegration: true,
  });
  return elsewhere.id;
}

async function importState(stack: PulumiStack, state: string): Promise<void> {
  const file = join(stack.workDir, "fixture-state.json");
  writeFileSync(file, state);
  const run = await stack.cli(["stack", "import", "--stack", stack.stackName, "--file", file]);
  if (run.exitCode !== 0) throw new Error(`pulumi stack import failed: ${run.stderr.trim()}`);
}

/** The spec file the dynamic program reads: the spec, with the logical names of every generation it names. */
export function dynamicSpec(spec: ProgramSpec): string {
  const generations = (group: (typeof GROUPS)[number]) => {
    const placement = spec.placement[group];
    const all = [placement.generation, ...placement.aliases.map((alias) => alias.generation)];
    return Object.fromEntries(all.map((generation) => [generation, namesOf(group, generation)]));
  };
  const names = Object.fromEntries(GROUPS.map((group) => [group, generations(group)]));
  return JSON.stringify({ ...spec, names, trigger: TRIGGER }, null, 2);
}

async function objectsOf(client: ApiClient, elsewhereId: string): Promise<AccountObjects> {
  const connectors: AccountObjects["connectors"] = {};
  for await (const connector of client.listIntegrations({ showDisabled: true }))
    if (connector.name.startsWith("seq") && connector.deleted !== true)
      connectors[connector.id] = { name: connector.name, enabled: connector.enabled };
  const connectedAccounts: string[] = [];
  for await (const account of client.listConnectedAccounts())
    if (account.integrationId !== undefined && account.integrationId in connectors)
      connectedAccounts.push(account.id);
  const triggerInstances: string[] = [];
  for await (const instance of client.activeTriggers({ showDisabled: true }))
    if (connectedAccounts.includes(instance.connectionId) && instance.deleted !== true)
      triggerInstances.push(instance.id);
  const elsewhere = await client.getIntegration(elsewhereId).catch(() => undefined);
  return {
    connectors,
    connectedAccounts: connectedAccounts.sort(),
    triggerInstances: triggerInstances.sort(),
    callbackUrl: await client.getCallbackUrl(),
    elsewhereEnabled: elsewhere?.deleted === true ? undefined : elsewhere?.enabled,
  };
}
