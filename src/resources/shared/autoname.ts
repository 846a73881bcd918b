import { createHash } from "node:crypto";
import { collect, type ApiClient } from "../../client";
import { Remembered } from "../../client/remembered";

/** Seven base-36 characters, as Pulumi's own autonaming appends to a logical name. */
const SUFFIX_LENGTH = 7;
const SUFFIX_RANGE = 36n ** BigInt(SUFFIX_LENGTH);

/**
 * Autonaming: the name of a connector whose program leaves `name` unset is `<namePrefix><7 base-36
 * characters>`, derived from what check is given, never drawn at random.
 *
 * Why derived: `pulumi up` runs its preview and its update as two deployments, each with its own provider
 * process, and the dynamic-provider host passes check neither the URN nor the engine's random seed, only
 * the old and the new inputs (`provider.check(olds, news)`). A name drawn at random in check would be one
 * name in the preview and another in the update, and `pulumi up --plan` would refuse it ("violates plan:
 * properties changed: ++name").
 *
 * How: the candidates k = 0, 1, 2... are `<namePrefix><base-36 of sha256(<seed>/<k>)>`, where the seed is
 * the namePrefix and the resource's scope (`<project>/<stack>/<logical name>`, which the Connector class
 * passes as `autonameScope`). A fresh name is the first candidate no live connector of the account holds
 * (disabled ones included: they keep their name). Both deployments of a `pulumi up` list the same live
 * connectors, so both choose the same candidate; the same inputs give the same name in every run while
 * that name is free. Two resources of one stack with the same seed (the same logical name under different
 * parents, and the same prefix) get the first two free candidates in the order the engine checks them.
 *
 * When: the engine calls check with no old inputs exactly when a fresh object is wanted: for a new
 * resource, for the replacement half of a replacement (the engine checks the new inputs again, alone, to
 * recompute their default values), and for a targeted replacement (`up --replace`, checked without old
 * inputs too). In the two replacement cases the old connector is still live and holds its name, so the
 * replacement takes the next free candidate and can be created before the old one is deleted. An update
 * keeps the name in the old inputs, with no request.
 */

/** The inputs through which a resource is autonamed (the Connector's: name, namePrefix, autonameScope, ...). */
export interface AutonameInputs {
  name: string;
  prefix: string;
  /** Internal: the rest of the autoname's seed, consumed by check. */
  scope: string;
  /** Internal: recorded with a name the engine proposed, so that it is kept (see the Connector's PROPOSED_NAME). */
  proposed: string;
}

/** The prefix of a Connector given neither a name nor a prefix: its logical name and a dash. */
export function defaultNamePrefix(logicalName: string): string {
  return `${logicalName}-`;
}

/**
 * The rest of an autoname's seed, which either front end adds when `name` is left out: this resource among
 * every stack's (its project, stack and logical name), so that the same inputs give the same name everywhere.
 */
export function autonameScopeOf(project: string, stack: string, logicalName: string): string {
  return `${project}/${stack}/${logicalName}`;
}

/** The candidate `k` of a seed: `<namePrefix><7 base-36 characters of sha256(<seed>/<k>)>`. */
export function candidateName(namePrefix: string, scope: string | undefined, k: number): string {
  const seed = JSON.stringify([namePrefix, scope ?? null]);
  const digest = createHash("sha256").update(`${seed}/${k}`).digest();
  const suffix = (digest.readBigUInt64BE(0) % SUFFIX_RANGE).toString(36).padStart(SUFFIX_LENGTH, "0");
  return namePrefix + suffix;
}

/** The first candidate not in `taken` (there is one: `taken` is finite). */
export function firstFreeCandidate(
  namePrefix: string,
  scope: string | undefined,
  taken: ReadonlySet<string>,
): string {
  for (let k = 0; ; k++) {
    const name = candidateName(namePrefix, scope, k);
    if (!taken.has(name)) return name;
  }
}

/**
 * The name an update keeps: the one in the old inputs, as long as the prefix is the same. Undefined when a
 * fresh name is needed (no old inputs, another prefix, or a name that was fixed before).
 */
export function keptName(namePrefix: string, olds: Record<string, unknown>): string | undefined {
  const kept = olds.name;
  if (typeof kept === "string" && olds.namePrefix === namePrefix && kept.startsWith(namePrefix)) return kept;
  return undefined;
}

/**
 * The names held by an account's live connectors, listed once per account and process (one provider
 * process serves one deployment) and then kept: the listing that decided a preview's names must not change
 * under it while the deployment runs, and a deployment of many autonamed connectors pays one listing. The
 * names this process hands out to new objects are added, so that two resources of one deployment never get
 * the same one.
 */
export class LiveNames {
  readonly #byAccount = new Remembered<Set<string>>();

  /**
   * A fresh name for this seed on the client's account: the first candidate no live connector holds.
   * `hold` when it names a new object (check without old inputs). A check with old inputs that needs a
   * fresh name (a new prefix, or a name no longer fixed) only tells the diff that the name changes: the
   * engine then replaces the resource and checks again without old inputs, and that check must find the
   * same name free.
   */
  async freshName(
    client: ApiClient,
    seed: { namePrefix: string; scope?: string },
    hold: boolean,
  ): Promise<string> {
    const taken = await this.#taken(client);
    const name = firstFreeCandidate(seed.namePrefix, seed.scope, taken);
    if (hold) taken.add(name);
    return name;
  }

  #taken(client: ApiClient): Promise<Set<string>> {
    return this.#byAccount.get(client.identity, () => listLiveNames(client));
  }
}

async function listLiveNames(client: ApiClient): Promise<Set<string>> {
  const all = await collect(client.listIntegrations({ showDisabled: true }));
  return new Set(all.filter((item) => item.deleted !== true).map((item) => item.name));
}
