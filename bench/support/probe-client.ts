/**
 * Another client of the account while a fleet provisions: a steady `GET /api/v1/client/auth/client_info` every
 * 1/rate seconds with the fleet's key, over plain HTTP and without retries, so that every 429 the account's
 * limit hands it is seen and counted (a client with retries would hide them in its latency).
 */

const CLIENT_INFO = "/api/v1/client/auth/client_info";
/** A request still unanswered after this long counts as failed: the probe must not outlive its phase by much. */
const TIMEOUT_MS = 10_000;

export interface ProbeCounts {
  sent: number;
  /** Answered with 429. */
  throttled: number;
  /** Answered otherwise than 200 or 429, or not answered. */
  failed: number;
}

export interface ProbeClient {
  /** Stops sending, waits for the requests in flight, and says what they got. */
  stop(): Promise<ProbeCounts>;
}

export function startProbeClient(baseUrl: string, apiKey: string, requestsPerSecond: number): ProbeClient {
  const counts: ProbeCounts = { sent: 0, throttled: 0, failed: 0 };
  const inFlight = new Set<Promise<void>>();
  const send = () => {
    counts.sent += 1;
    const request = fetch(`${baseUrl}${CLIENT_INFO}`, {
      headers: { "x-api-key": apiKey, accept: "application/json" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
      .then(async (response) => {
        // Read the body: an unread one keeps its connection from going back to the pool.
        await response.arrayBuffer();
        if (response.status === 429) counts.throttled += 1;
        else if (response.status !== 200) counts.failed += 1;
      })
      .catch(() => {
        counts.failed += 1;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };
  send();
  const timer = setInterval(send, 1000 / requestsPerSecond);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all([...inFlight]);
      return { ...counts };
    },
  };
}
