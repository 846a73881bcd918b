/**
 * Which resource of this deployment holds each remote object that a restore-on-delete resource manages (an
 * account's callback URL, an integration's state), so that one resource's delete never puts back a value over
 * another's, and two resources never fight over one object.
 *
 * The engine shows the provider a rename, a move into a component or a `pulumi up --replace` as a new resource
 * and an old one, and never both at once: the new one is checked (and, unless the replacement deletes first,
 * created) long before the old one is deleted. Every resource in the program is checked in every deployment,
 * before any delete, in the same provider process, so a claim registered at check is seen by every delete of
 * that deployment, a re-run after a crash included (it checks again). So:
 * - check claims the object for the resource (its logical name); another resource's claim on the same object
 *   is a check failure naming it;
 * - a delete that finds the object claimed leaves the object as it is: the claimant holds it now. When the
 *   claimant is not created yet (the replacement deletes first), the delete hands it the value it found
 *   before it, which the claimant's create records as its own; otherwise that value is held by no resource
 *   any more, and the delete says so in a warning;
 * - a delete that finds no claim (the resource left the program) puts back what it found, if it should.
 *
 * Objects are keyed by the account's id (`client.id`), so two spellings of one service's URL, or two keys of one
 * account, are one object. Claims live as long as the provider process: one deployment.
 */
export interface Claim<Found> {
  /** The logical name of the resource that holds the object in this deployment. */
  holder: string;
  /** What the holder's check read of the object, when it reads one: its create fails if it changed since. */
  seen?: unknown;
  /** The holder's create has run in this process. */
  created: boolean;
  /** What a predecessor deleted before the holder's create found before it: the holder records it as found. */
  handedOver?: Found;
}

export class Claims<Found> {
  readonly #claims = new Map<string, Claim<Found>>();

  /**
   * Claims the object for `holder`: the other holder's name when another resource of this deployment holds it,
   * undefined when the claim is this holder's (a second check of one resource renews it).
   */
  claim(object: string, holder: string, seen?: unknown): string | undefined {
    const current = this.#claims.get(object);
    if (current !== undefined && current.holder !== holder) return current.holder;
    // A resource is checked before its create in every deployment (and a deployment has a process of its own):
    // a check is never of a holder already created, whatever an earlier deployment of a long-lived process did.
    this.#claims.set(object, { ...current, holder, seen, created: false });
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
