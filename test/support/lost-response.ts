import type { RunningEmulator } from "../../src/emulator";

/**
 * Runs `then` as soon as the emulator has answered a request of `route` ("POST /api/v1/integrations") with a
 * reset: the moment a client's create lost its response. A test uses it to give the client's next attempt other
 * faults than its first (a late commit first, then a slow retry that meets the late commit's connector).
 */
export function afterLostResponse(emulator: RunningEmulator, route: string, then: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      const lost = emulator.requestLog
        .entries()
        .some((entry) => `${entry.method} ${entry.route}` === route && entry.statusCode === 0);
      if (lost) {
        clearInterval(timer);
        then();
        resolve();
      } else if (Date.now() - started > 60_000) {
        clearInterval(timer);
        reject(new Error(`no lost response to ${route} within 60 s`));
      }
    }, 2);
  });
}
