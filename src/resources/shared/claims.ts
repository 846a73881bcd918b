/**
 * Which resource of this deployment holds each remote object that a restore-on-delete resource manages (an
 * account's callback URL, an integration's state), so that one resource's delete never puts back a value over
 * another's, and two resources never fight over one object.
 *
 * The engine shows the provider a rename, a move into a component or a `pulumi up --replace` as a new resource
 * and an old one, and never both at once: the new one is checked (and, unless the replacement deletes first,
 * created) long before the old one is deleted. The new one may also be in state already, created by an earlier
 * deployment (a `pulumi up --target` of it): it is then checked with its old inputs, and never created in this
 * one (the engine checks a new resource, and a replacement, without old inputs: after a diff that replaces,
 * it checks the replacement again without them). Every resource in the program is checked in every deployment, before any
 * delete, in the same provider process, so a claim registered at check is seen by every delete of
 * that deployment, a re-run after a crash included (it checks again). So:
 * - check claims the object for the resource (its logical name); another resource's claim on the same object
 *   is a check failure naming it;
 * - a delete that finds the object claimed leaves the object as it is: the claimant holds it now. When the
 *   claimant is not created yet (the replacement deletes first), the delete hands it the value it found
 *   before it, which the claimant's create records as its own; otherwise that value is held by no resource
 *   any more, and the delete says so in a warning;
 * - a delete that finds no claim (the resource left the program) puts back what it found, if it should.
 *
 * Except in a deployment with `--target`: the engine checks only its targets there (it keeps the others' old
 * inputs, unchecked), and `pulumi destroy` checks nothing. Deleting a predecessor in such a deployment without its
 * successor (`up --target <old urn>`, `destroy --target <old urn>`) finds no claim and puts back the old value
 * under the successor; no provider call tells it the successor exists.
 *
 * Objects are keyed by the account's id (`client.id`), so two spellings of one service's URL, or two keys of one
 * account, are one object. Claims live as long as the provider process: one deployment.
 */
export interface Claim<Found> {
  /** The logical name of the resource that holds the object in this deployment. */
  holder: string;
  /** What the holder's check read of the object, when it reads one: its create fails if it changed since. */
  seen?: unknown;
  /** The holder exists: its create has run in this process, or it was in state before this deployment. */
  created: boolean;
  /** What a predecessor deleted before the holder's create found before it: the holder records it as found. */
  handedOver?: Found;
}

export class Claims<Found> {
  readonly #claims = new Map<string, Claim<Found>>();

  /**
   * Claims the object for `holder`: the other holder's name when another resource of this deployment holds it,
   * undefined when the claim is this holder's (a second check of one resource renews it). `exists`: the check
   * had old inputs on this object, so the holder is in state already and will not be created in this
   * deployment (a delete of another resource can hand it nothing).
   */
  claim(object: string, holder: string, seen?: unknown, exists = false): string | undefined {
    const current = this.#claims.get(object);
    if (current !== undefined && current.holder !== holder) return current.holder;
    // A resource is checked before its create in every deployment (and a deployment has a process of its own):
    // whatever an earlier deployment of a long-lived process did, only the check's own olds say that the
    // holder exists (a replacement's last check before its create has none).
    this.#claims.set(object, { ...current, holder, seen, created: exists });
    return undefined;
  }

  get(object: string): Claim<Found> | undefined {
    return this.#claims.get(object);
  }

  /**
   * A create of the object's holder: what a deleted predecessor handed over, if anything, and from now on the
   * holder is created (a later delete of another resource can no longer hand it anything).
   */
  created(object: string): Claim<Found> | undefined {
    const claim = this.#claims.get(object);
    if (claim !== undefined) claim.created = true;
    return claim;
  }
}

/** The object key of an account's callback URL. */
export function callbackUrlObject(accountId: string): string {
  return `${accountId} callback-url`;
}

/** The object key of an integration's state. */
export function integrationObject(accountId: string, integrationId: string): string {
  return `${accountId} integration ${integrationId}`;
}
