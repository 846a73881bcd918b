/**
 * The invariants every sequence keeps, stated once (the project's architecture names the seven), checked
 * after every step against what the engine stores (`pulumi stack export`) and what every account holds.
 * A pure function of an observation, so that a test can plant each violation and see it reported
 * (test/sequences/invariants.test.ts).
 */
import { publicUrl } from "../../../src/public-url";
import { BEFORE_URL, type Account, type AccountObjects } from "./world";

/** A managed resource of the stack's state, its secrets opened. */
export interface StateResource {
  kind: string;
  name: string;
  id: string;
  outputs: Record<string, unknown>;
  /** Reached through the default provider (the environment's settings), not an explicit one or a connection. */
  onDefault: boolean;
}

export interface Observation {
  /** The step, as the catalogue names it. */
  step: string;
  exitCode: number | null;
  error: string | undefined;
  /** `pulumi stack export`, secrets encrypted, as any reader of the backend sees it. */
  stateText: string;
  resources: StateResource[];
  /** Everything the CLI printed. */
  output: string;
  accounts: Record<Account, AccountObjects>;
  /** The writes each account received during the step. */
  writes: Record<Account, string[]>;
}

export interface Expectations {
  /** The services' URLs: the account of a resource is its accountId at the service its serviceUrl names. */
  services: { one: string; two: string };
  /** The accounts the program chose: any other may see reads, never a write. */
  chosen: Account[];
  /** The program's resources and values, when the step was an `up` (or the like) that exited 0. */
  desired?: { resources: { kind: string; name: string }[]; webhookUrl: string; stateEnabled: boolean };
  /** The step was interrupted (a killed CLI): a create it started may be live outside state until recovered. */
  interruptedCreates: boolean;
  /**
   * The step itself was interrupted: a delete the provider carried out may still be in state, which the CLI had
   * no time to write (the next refresh drops it), so the state may lag behind the accounts.
   */
  stateMayLag: boolean;
  /** The CLI was sent a signal: a failure's cause is the signal, whether or not the CLI printed one. */
  signalled: boolean;
  /** The step was a destroy with the right settings that exited 0. */
  destroyed: boolean;
  /** What a destroy puts back as it was before the stack: not what a successor made before its delete took over. */
  restores: { callbackUrl: boolean; elsewhere: boolean };
  secrets: string[];
}

export interface Violation {
  invariant: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  message: string;
}

const SERVICE_ACCOUNTS: Record<"one" | "two", Account[]> = {
  one: ["alpha", "beta", "delta"],
  two: ["gamma"],
};
const LIVE_LISTS = {
  Connector: (objects: AccountObjects) => Object.keys(objects.connectors),
  ConnectedAccount: (objects: AccountObjects) => objects.connectedAccounts,
  TriggerInstance: (objects: AccountObjects) => objects.triggerInstances,
} as const;

export function violations(observed: Observation, expected: Expectations): Violation[] {
  return [
    ...liveWhereRecorded(observed, expected),
    ...nothingOutsideState(observed, expected),
    ...onlyChosenAccountsWritten(observed, expected),
    ...singletonsAsState(observed, expected),
    ...exitMeansDesired(observed, expected),
    ...noSecretShown(observed, expected),
    ...nothingLeftAfterDestroy(observed, expected),
  ];
}

/** The account a resource records: its accountId, at the service its serviceUrl (any spelling) names. */
function accountOf(resource: StateResource, services: Expectations["services"]): Account | undefined {
  const url = resource.outputs.serviceUrl;
  const account = resource.outputs.accountId;
  if (typeof url !== "string" || typeof account !== "string") return undefined;
  const service = (["one", "two"] as const).find((name) => sameService(url, services[name]));
  return service !== undefined && (SERVICE_ACCOUNTS[service] as string[]).includes(account)
    ? (account as Account)
    : undefined;
}

function sameService(url: string, serviceUrl: string): boolean {
  const port = (text: string) => new URL(text).port;
  const host = (text: string) => new URL(text).hostname.replace("localhost", "127.0.0.1");
  return port(url) === port(serviceUrl) && host(url) === host(serviceUrl);
}

/** 1. Every resource in state is live in the account and service it records. */
function liveWhereRecorded(observed: Observation, expected: Expectations): Violation[] {
  if (expected.stateMayLag) return [];
  const found: Violation[] = [];
  for (const resource of observed.resources) {
    const account = accountOf(resource, expected.services);
    const where = `${resource.kind} ${resource.name} (${resource.id})`;
    if (account === undefined) {
      found.push({ invariant: 1, message: `${where} records no account of a known service` });
      continue;
    }
    const objects = observed.accounts[account];
    const live =
      resource.kind in LIVE_LISTS
        ? LIVE_LISTS[resource.kind as keyof typeof LIVE_LISTS](objects).includes(resource.id)
        : resource.kind === "TriggerWebhook"
          ? objects.callbackUrl !== undefined
          : objects.elsewhereEnabled !== undefined;
    if (!live) found.push({ invariant: 1, message: `${where} is in state but not live in ${account}` });
  }
  return found;
}

/** 2. Nothing the stack made is live outside state, but for a create the CLI reported interrupted. */
function nothingOutsideState(observed: Observation, expected: Expectations): Violation[] {
  if (expected.interruptedCreates) return [];
  const inState = new Set(observed.resources.map((resource) => resource.id));
  const found: Violation[] = [];
  for (const [account, objects] of Object.entries(observed.accounts))
    for (const [kind, list] of Object.entries(LIVE_LISTS))
      for (const id of list(objects))
        if (!inState.has(id))
          found.push({ invariant: 2, message: `${kind} ${id} is live in ${account} but not in state` });
  return found;
}

/** 3. Nothing is made, changed or deleted in an account the program did not choose. */
function onlyChosenAccountsWritten(observed: Observation, expected: Expectations): Violation[] {
  return Object.entries(observed.writes)
    .filter(([account, writes]) => !expected.chosen.includes(account as Account) && writes.length > 0)
    .map(([account, writes]) => ({
      invariant: 3 as const,
      message: `${account}, which the program never chose, received ${writes.join(", ")}`,
    }));
}

/** 4. A singleton the stack sets equals what state says after every successful step. */
function singletonsAsState(observed: Observation, expected: Expectations): Violation[] {
  if (observed.exitCode !== 0 || expected.stateMayLag) return [];
  const found: Violation[] = [];
  for (const resource of observed.resources) {
    const account = accountOf(resource, expected.services);
    if (account === undefined) continue;
    const objects = observed.accounts[account];
    if (resource.kind === "TriggerWebhook" && objects.callbackUrl !== resource.outputs.url)
      found.push({
        invariant: 4,
        message: `${resource.name} says ${String(resource.outputs.url)}, ${account}'s callback URL is ${objects.callbackUrl}`,
      });
    if (resource.kind === "IntegrationState" && objects.elsewhereEnabled !== resource.outputs.enabled)
      found.push({
        invariant: 4,
        message: `${resource.name} says enabled ${String(resource.outputs.enabled)}, ${account} has ${objects.elsewhereEnabled}`,
      });
  }
  return found;
}

/** 5. Exit 0 means the program's desired state holds; a failure names the resource and the cause. */
function exitMeansDesired(observed: Observation, expected: Expectations): Violation[] {
  if (observed.exitCode !== 0) {
    // A cancel (Ctrl-C) or a kill is its own cause: the CLI may exit before it has anything to say.
    if (expected.signalled) return [];
    const error = observed.error ?? "";
    const named =
      /integrations|Connector|ConnectedAccount|TriggerInstance|TriggerWebhook|IntegrationState|seq-|interrupted|canceled|pulumi:providers/.test(
        error,
      );
    return named
      ? []
      : [
          {
            invariant: 5,
            message: `a failure that names no resource or setting: ${error || "(no message)"}`,
          },
        ];
  }
  if (expected.desired === undefined) return [];
  const key = (resource: { kind: string; name: string }) => `${resource.kind} ${resource.name}`;
  const want = expected.desired.resources.map(key).sort();
  const have = observed.resources.map(key).sort();
  const found: Violation[] = [];
  if (JSON.stringify(want) !== JSON.stringify(have))
    found.push({
      invariant: 5,
      message: `exit 0, but state holds [${have.join(", ")}] where the program says [${want.join(", ")}]`,
    });
  for (const resource of observed.resources) {
    if (resource.kind === "TriggerWebhook" && resource.outputs.url !== expected.desired.webhookUrl)
      found.push({
        invariant: 5,
        message: `exit 0, but ${resource.name} holds ${String(resource.outputs.url)}`,
      });
    if (resource.kind === "IntegrationState" && resource.outputs.enabled !== expected.desired.stateEnabled)
      found.push({
        invariant: 5,
        message: `exit 0, but ${resource.name} holds enabled ${String(resource.outputs.enabled)}`,
      });
  }
  return found;
}

/** 6. No secret in plain text in state, output or errors; no URL with userinfo, query or fragment either. */
function noSecretShown(observed: Observation, expected: Expectations): Violation[] {
  const found: Violation[] = [];
  const places = { state: observed.stateText, output: observed.output, error: observed.error ?? "" };
  for (const [place, text] of Object.entries(places))
    for (const secret of expected.secrets)
      if (text.includes(secret))
        found.push({ invariant: 6, message: `a secret (${secret.slice(0, 6)}...) shows in the ${place}` });
  for (const resource of observed.resources) {
    const url = resource.outputs.serviceUrl;
    if (typeof url === "string" && publicUrl(url) !== url)
      found.push({
        invariant: 6,
        message: `${resource.name}'s serviceUrl carries more than its public form`,
      });
  }
  return found;
}

/** 7. After a destroy with the right settings nothing of the stack is left, and what it took over is as before. */
function nothingLeftAfterDestroy(observed: Observation, expected: Expectations): Violation[] {
  if (!expected.destroyed) return [];
  const found: Violation[] = [];
  if (observed.resources.length > 0)
    found.push({
      invariant: 7,
      message: `destroyed, but state holds ${observed.resources.map((r) => r.name).join(", ")}`,
    });
  for (const [account, objects] of Object.entries(observed.accounts)) {
    const left =
      Object.keys(objects.connectors).length +
      objects.connectedAccounts.length +
      objects.triggerInstances.length;
    if (left > 0)
      found.push({
        invariant: 7,
        message: `destroyed, but ${left} object(s) of the stack live in ${account}`,
      });
  }
  const alpha = observed.accounts.alpha;
  if (expected.restores.callbackUrl && alpha.callbackUrl !== BEFORE_URL)
    found.push({
      invariant: 7,
      message: `destroyed, but alpha's callback URL is ${alpha.callbackUrl}, not ${BEFORE_URL}`,
    });
  if (expected.restores.elsewhere && alpha.elsewhereEnabled !== true)
    found.push({
      invariant: 7,
      message: "destroyed, but the integration made elsewhere is not enabled again",
    });
  return found;
}
