/**
 * The server's clock: every timestamp the emulator writes (createdAt, updatedAt, disabledAt, trigger log
 * entries, an event's timestamp and its webhook-timestamp, client_info's lastUsed) comes from here. It runs
 * `clockOffsetMs` ahead (positive) or behind (negative) of the machine's clock, the offset being the one of
 * the key making the request (its own fault settings, else the operator's); writes no request makes (the
 * live feed) use the operator's offset.
 */
export class ServerClock {
  constructor(
    /** The offset in ms of a key (by index in apiKeys); without one, the operator's. */
    private readonly offsetMs: (key: number | undefined) => number,
    private readonly wallMs: () => number = Date.now,
  ) {}

  /** The server's time for this key's requests (the operator's without a key). */
  date(key?: number): Date {
    return new Date(this.wallMs() + this.offsetMs(key));
  }

  /** The same as an ISO 8601 string, the form records store. */
  now(key?: number): string {
    return this.date(key).toISOString();
  }
}
