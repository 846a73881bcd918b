/**
 * A lower bound of the service's clock, read from the `Date` header of its answers (RFC 9110 §6.6.1: an
 * origin server with a clock sends one; one-second resolution). An answer dated D was made at a server time
 * of D or later and arrived here at local monotonic time t, so at any later local time u the server's clock
 * reads at least D + (u − t): only the elapsed time is measured here, never this machine's wall clock. The
 * best bound is the highest D − t seen; each answer can only raise it.
 *
 * What it serves: a create whose answer was lost is proven this call's only by a record made after the bound
 * taken just before its POST left (create-evidence.ts). It assumes that `Date` and a record's `createdAt` come
 * from one clock that does not step back. Were the clock to step back, the bound would run ahead of the
 * service's time and the proof would refuse the call's own object (naming it), never take another's.
 */
export class ServerClock {
  #bestOffsetMs: number | undefined;

  /** Notes an answer's `Date` header, with the local monotonic time it arrived. */
  observe(dateHeader: unknown, arrivedAt: number = performance.now()): void {
    if (typeof dateHeader !== "string") return;
    const dated = Date.parse(dateHeader);
    if (Number.isNaN(dated)) return;
    const offset = dated - arrivedAt;
    if (this.#bestOffsetMs === undefined || offset > this.#bestOffsetMs) this.#bestOffsetMs = offset;
  }

  /** The lowest time (epoch ms) the service's clock can read now; undefined before any dated answer. */
  floor(now: number = performance.now()): number | undefined {
    return this.#bestOffsetMs === undefined ? undefined : this.#bestOffsetMs + now;
  }
}
