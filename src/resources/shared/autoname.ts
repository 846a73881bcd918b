import { createHash } from "node:crypto";

/** Seven base-36 characters, as Pulumi's own autonaming appends to a logical name. */
const SUFFIX_LENGTH = 7;
const SUFFIX_RANGE = 36n ** BigInt(SUFFIX_LENGTH);

/**
 * Autonaming: the name of a connector whose program leaves `name` unset is `<namePrefix><7 base-36
 * characters>`, derived, never drawn at random, and chosen by the create with no request of its own.
 *
 * How: the candidates k = 0, 1, 2... are `<namePrefix><base-36 of sha256(<seed>/<k>)>`, where the seed is
 * the namePrefix and the resource's scope (`<project>/<stack>/<logical name>`, which either front end adds
 * as `autonameScope`). The create POSTs candidate 0; a 409 says a live connector holds it (names are unique
 * among live connectors, disabled ones included), and nothing was made, so it POSTs the next, up to
 * AUTONAME_CANDIDATES. The same inputs give the same name in every stack while that name is free.
 *
 * Why at the create, not in check: knowing in check which names are free needs the account's names, and the
 * service's listing cannot filter by name, so that costs a page per hundred connectors of the account for
 * every deployment. A 409 costs one request, and only where a name is taken: a replacement (the old connector
 * holds candidate 0 while the new one is created first, so it gets candidate 1 with no downtime), a second
 * resource with the same seed, another stack of the same project, stack and logical names (a colleague's
 * backend), or a connector a `deletionPolicy` of "disable" or "retain" left. The price: a preview shows the
 * name as not known yet. The name lives in the outputs (and their last applied identity), never in the
 * inputs, so that an update plan (`pulumi up --plan`) holds whatever the create chose.
 */

/** Candidates a create tries before it gives up and asks for a name or another prefix. */
export const AUTONAME_CANDIDATES = 10;

/** The inputs through which a resource is autonamed (the Connector's: name, namePrefix, autonameScope, ...). */
export interface AutonameInputs {
  name: string;
  prefix: string;
  /** Internal: the rest of the autoname's seed, which the create derives the name from. */
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
