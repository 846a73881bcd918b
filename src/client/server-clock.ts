/**
 * A lower bound of the service's clock, read from the `Date` header of its answers (RFC 9110 §6.6.1: an
 * origin server with a clock sends one; one-second resolution). An answer dated D was made at a server time
 * of D or later and arrived here at local monotonic time t, so at any later local time u the server's clock
 * reads at least D + (u − t): only the elapsed time is measured here, never this machine's wall clock. The
 * best bound is the highest D − t seen; each answer can only raise it.
 *
 * What it serves: a create whose answer was lost is proven this call's only by a record made after the bound
 * taken just before its POST left (create-evidence.ts). It assumes that `Date` and a record's `createdAt` come
 * from one clock that does not step back. An answer dated well below the bound (more than the header's
 * second and a slow answer's travel) shows that it did: the bound starts again from that answer. A create
 * whose bound was taken before such a step refuses its own object (naming it), never takes another's.
 */
/** An answer dated this far below the bound shows a clock that stepped back, not a late or rounded one. */
const STEPPED_BACK_MS = 1_000 + 10_000;

export class ServerClock {
  #bestOffsetMs: number | undefined;

  /** Notes an answer's `Date` header, with the local monotonic time it arrived. */
  observe(dateHeader: unknown, arrivedAt: number = performance.now()): void {
    if (typeof dateHeader !== "string") return;
    const dated = Date.parse(dateHeader);
    if (Number.isNaN(dated)) return;
    const offset = dated - arrivedAt;
    const best = this.#bestOffsetMs;
    if (best === undefined || offset > best || offset < best - STEPPED_BACK_MS) this.#bestOffsetMs = offset;
  }

  /** The lowest time (epoch ms) the service's clock can read now; undefined before any dated answer. */
  floor(now: number = performance.now()): number | undefined {
    return this.#bestOffsetMs === undefined ? undefined : this.#bestOffsetMs + now;
  }
}
