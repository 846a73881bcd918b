/** The in-memory log of completed requests that tests and benchmarks read to count calls per route. */
import type { RequestLog, RequestLogEntry } from "./types";

/**
 * Bound of the entries kept for entries(): past it the older half is dropped. count() stays exact whatever the
 * volume (a benchmark may send millions of requests).
 */
const MAX_ENTRIES = 100_000;

export class InMemoryRequestLog implements RequestLog {
  private list: RequestLogEntry[] = [];
  /** Counts by "METHOD route tenant". */
  private readonly counts = new Map<
    string,
    { method: string; route: string; tenant: number | null; n: number }
  >();

  record(entry: RequestLogEntry): void {
    this.list.push(entry);
    if (this.list.length > MAX_ENTRIES) this.list = this.list.slice(-MAX_ENTRIES / 2);
    const key = `${entry.method} ${entry.route} ${entry.tenant}`;
    const bucket = this.counts.get(key);
    if (bucket) bucket.n += 1;
    else this.counts.set(key, { method: entry.method, route: entry.route, tenant: entry.tenant, n: 1 });
  }

  entries(): RequestLogEntry[] {
    return this.list.map((entry) => ({ ...entry }));
  }

  entriesOf(tenant: number): RequestLogEntry[] {
    return this.entries().filter((entry) => entry.tenant === tenant);
  }

  count(filter: { method?: string; route?: string; tenant?: number } = {}): number {
    let total = 0;
    for (const bucket of this.counts.values()) {
      if (filter.method !== undefined && bucket.method !== filter.method) continue;
      if (filter.route !== undefined && bucket.route !== filter.route) continue;
      if (filter.tenant !== undefined && bucket.tenant !== filter.tenant) continue;
      total += bucket.n;
    }
    return total;
  }

  clear(): void {
    this.list = [];
    this.counts.clear();
  }

  /** Forgets one tenant's requests (DELETE /_emulator/requests clears only the caller's). */
  clearTenant(tenant: number): void {
    this.list = this.list.filter((entry) => entry.tenant !== tenant);
    for (const [key, bucket] of this.counts) if (bucket.tenant === tenant) this.counts.delete(key);
  }
}
