/**
 * Late commits (the `lateCommitMs` fault): writes whose client saw a reset, applied later by the server
 * (server.ts re-runs each through the app). Closing cancels the ones not yet due, as a server stopped
 * before it committed them would lose them, and waits for the ones being applied, so that nothing writes
 * after the data file is closed.
 */
export class LateCommits {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  /** Runs `apply` after `afterMs` (never once closed); a failure goes to `failed`, never to the caller. */
  schedule(afterMs: number, apply: () => Promise<void>, failed: (error: unknown) => void): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run: Promise<void> = apply()
        .catch(failed)
        .finally(() => this.running.delete(run));
      this.running.add(run);
    }, afterMs);
    this.timers.add(timer);
  }

  /** Late commits scheduled or being applied. */
  pending(): number {
    return this.timers.size + this.running.size;
  }

  /** Cancels the late commits not yet due and resolves once those being applied are done. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}
