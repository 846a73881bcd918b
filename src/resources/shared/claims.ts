import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

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
 * account, are one object. Claims last one deployment. The dynamic provider serves a deployment in one process,
 * and keeps them in memory. The plugin serves it in one process per provider (two explicit providers are two
 * processes), so its claims go through files that every provider process of the deployment reads
 * (`withClaimsOf`): a claim counts while the process that wrote it runs, that is, while its deployment lasts.
 */
export interface Claim<Found> {
  /** The logical name of the resource that holds the object in this deployment. */
  holder: string;
  /** What the holder's check read of the object, when it reads one: its create fails if it changed since. */
  seen?: unknown;
  /** The holder exists: its create has run in this deployment, or it was in state before this deployment. */
  created: boolean;
  /** What a predecessor deleted before the holder's create found before it: the holder records it as found. */
  handedOver?: Found;
}

/**
 * The shared claims folder of the call in progress, when its provider shares them: set around each resource call
 * (AsyncLocalStorage), so that a test serving two deployments in one process keeps them apart.
 */
const sharedFolders = new AsyncLocalStorage<string>();

/**
 * Runs a resource call with the claims of `deployment` (the engine's address, the project and the stack), shared
 * through files with every other provider process of that deployment; without one, in this process's memory.
 */
export function withClaimsOf<T>(deployment: string | undefined, call: () => T): T {
  if (deployment === undefined) return call();
  return sharedFolders.run(claimsFolderOf(deployment), call);
}

/** Each deployment's folder, hashed once: every check, create and delete of the deployment asks for it. */
const claimsFolders = new Map<string, string>();

function claimsFolderOf(deployment: string): string {
  let folder = claimsFolders.get(deployment);
  if (folder === undefined) {
    folder = join(tmpdir(), "pulumi-integrations-claims", digest(deployment, 16));
    claimsFolders.set(deployment, folder);
  }
  return folder;
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
    // A resource is checked before its create in every deployment (and a deployment has a process of its own):
    // whatever an earlier deployment of a long-lived process did, only the check's own olds say that the
    // holder exists (a replacement's last check before its create has none).
    const claim = (current: Claim<Found> | undefined): Claim<Found> => ({
      ...current,
      holder,
      seen,
      created: exists,
    });
    const sharedFolder = sharedFolders.getStore();
    if (sharedFolder === undefined) {
      const current = this.#claims.get(object);
      if (current !== undefined && current.holder !== holder) return current.holder;
      this.#claims.set(object, claim(current));
      return undefined;
    }
    return claimFile(claimPath(sharedFolder, object), holder, claim);
  }

  get(object: string): Claim<Found> | undefined {
    const sharedFolder = sharedFolders.getStore();
    if (sharedFolder === undefined) return this.#claims.get(object);
    return readClaim<Found>(claimPath(sharedFolder, object));
  }

  /**
   * A create of the object's holder: what a deleted predecessor handed over, if anything, and from now on the
   * holder is created (a later delete of another resource can no longer hand it anything).
   */
  created(object: string): Claim<Found> | undefined {
    return this.update(object, (claim) => ({ ...claim, created: true }));
  }

  /** A predecessor's delete before the holder's create: what it found before it, for the holder to record. */
  handOver(object: string, found: Found): void {
    this.update(object, (claim) => ({ ...claim, handedOver: found }));
  }

  private update(object: string, change: (claim: Claim<Found>) => Claim<Found>): Claim<Found> | undefined {
    const current = this.get(object);
    if (current === undefined) return undefined;
    const changed = change(current);
    const sharedFolder = sharedFolders.getStore();
    if (sharedFolder === undefined) this.#claims.set(object, changed);
    else writeClaim(claimPath(sharedFolder, object), changed);
    return changed;
  }
}

/** A claim's file, as a process wrote it: the claim, and the process whose life it lasts. */
interface ClaimFile<Found> {
  claim: Claim<Found>;
  writer: ProcessIdentity;
}

interface ProcessIdentity {
  pid: number;
  /** When the process started (Linux: /proc/<pid>/stat's starttime), so that a reused pid is another process. */
  started?: string;
}

function claimPath(folder: string, object: string): string {
  return join(folder, `${digest(object, 24)}.json`);
}

/**
 * Claims the file's object for `holder`, as `Claims.claim` does in memory. The first claim of an object creates
 * its file exclusively, so that of two processes claiming it at once for different holders, one sees the other's.
 */
function claimFile<Found>(
  path: string,
  holder: string,
  claim: (current: Claim<Found> | undefined) => Claim<Found>,
): string | undefined {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const current = readClaim<Found>(path);
    if (current !== undefined && current.holder !== holder) return current.holder;
    if (current !== undefined) {
      writeClaim(path, claim(current));
      return undefined;
    }
    // None, or one whose process ended: this claim is the first of its deployment.
    rmSync(path, { force: true });
    try {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, serialised(claim(undefined)), { flag: "wx" });
      return undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  throw new Error(`the claim file ${path} keeps changing under this process`);
}

/** The claim in a file, unless there is none or the process that wrote it has ended (an earlier deployment). */
function readClaim<Found>(path: string): Claim<Found> | undefined {
  let file: ClaimFile<Found>;
  try {
    file = JSON.parse(readFileSync(path, "utf8")) as ClaimFile<Found>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  return isRunning(file.writer) ? file.claim : undefined;
}

/** Replaces the file whole (a rename), so that a reader sees the old claim or the new one. */
function writeClaim<Found>(path: string, claim: Claim<Found>): void {
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, serialised(claim));
  renameSync(partial, path);
}

function serialised<Found>(claim: Claim<Found>): string {
  const file: ClaimFile<Found> = { claim, writer: processIdentity(process.pid) };
  return JSON.stringify(file);
}

function isRunning(writer: ProcessIdentity): boolean {
  try {
    process.kill(writer.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user's process.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  return writer.started === undefined || processIdentity(writer.pid).started === writer.started;
}

function processIdentity(pid: number): ProcessIdentity {
  try {
    // The fields after the command's name, which may hold spaces; starttime is the 22nd field in all.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return { pid, started: stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] };
  } catch {
    return { pid };
  }
}

function digest(text: string, length: number): string {
  return createHash("sha256").update(text).digest("hex").slice(0, length);
}

/** The object key of an account's callback URL. */
export function callbackUrlObject(accountId: string): string {
  return `${accountId} callback-url`;
}

/** The object key of an integration's state. */
export function integrationObject(accountId: string, integrationId: string): string {
  return `${accountId} integration ${integrationId}`;
}
