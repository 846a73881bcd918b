import { AsyncLocalStorage } from "node:async_hooks";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Stopping a call: the engine's Cancel (Ctrl-C) and a resource's `customTimeouts` stop the waits between
 * attempts and every request not sent yet. A POST already sent runs to its end, since cutting it would not
 * undo what the server does with it (a create would still land, out of sight); a GET, PATCH or DELETE already
 * sent is no longer waited for (transport.ts: the next run sends it again). A caller whose request may have
 * reached the server (a create's POST whose response was lost) then decides its outcome with look-ups that run
 * whatever the stop (`unstoppable`): it ends through the lost-create proof, never with a bare abort.
 *
 * The stop travels with the call (AsyncLocalStorage), so concurrent calls of other resources keep theirs.
 */
const currentStop = new AsyncLocalStorage<AbortSignal | undefined>();

/** Why a call stopped before a request was sent: its message says which stop (Cancel, a timeout). */
export class OperationStoppedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "OperationStoppedError";
  }
}

/** Runs `call` so that it stops when `signal` aborts (its reason an OperationStoppedError). */
export function stoppable<T>(signal: AbortSignal | undefined, call: () => Promise<T>): Promise<T> {
  return currentStop.run(signal, call);
}

/** Runs `call` whatever stop applies to the caller: the look-ups that decide a sent create's outcome. */
export function unstoppable<T>(call: () => Promise<T>): Promise<T> {
  return currentStop.run(undefined, call);
}

/** Throws the stop's error when the call is stopped: before a request is sent. */
export function throwIfStopped(): void {
  const signal = currentStop.getStore();
  if (signal?.aborted) throw stopError(signal);
}

/** Waits `ms`, or rejects with the stop's error as soon as the call is stopped. */
export async function pause(ms: number): Promise<void> {
  const signal = currentStop.getStore();
  try {
    await sleep(ms, undefined, signal === undefined ? undefined : { signal });
  } catch (error) {
    if (signal?.aborted) throw stopError(signal);
    throw error;
  }
}

/** `waiting`, or the stop's error as soon as the call is stopped (the wait itself goes on unobserved). */
export function unlessStopped<T>(waiting: Promise<T>): Promise<T> {
  const signal = currentStop.getStore();
  if (signal === undefined) return waiting;
  if (signal.aborted) return Promise.reject(stopError(signal));
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(stopError(signal));
    signal.addEventListener("abort", stop, { once: true });
    waiting.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}

function stopError(signal: AbortSignal): Error {
  return signal.reason instanceof OperationStoppedError
    ? signal.reason
    : new OperationStoppedError("the operation was stopped");
}
