/** A real local webhook receiver for the delivery tests: node:http on an ephemeral port. */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** The status this receiver answered. */
  answered: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/**
 * Answers each request with the next status of `statuses` (the last one repeats); `null` never answers
 * (the emulator's timeout must give up on it).
 */
export function startReceiver(statuses: (number | null)[] = [200]): Promise<Receiver> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const status = statuses[Math.min(received.length, statuses.length - 1)] ?? null;
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        answered: status ?? 0,
      });
      if (status !== null) response.writeHead(status).end();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/hooks`,
        received,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** A URL nothing listens on: a port that was free a moment ago. */
export async function refusingUrl(): Promise<string> {
  const receiver = await startReceiver();
  await receiver.close();
  return receiver.url;
}

/**
 * Polls until `done` holds or the time is up (then fails with `what`). The deadline is a guard, never the
 * thing measured: by default 20 s, well beyond what any awaited event takes on a loaded machine and still
 * inside Jest's 30 s test timeout, so that a failure names what did not happen.
 */
export async function waitFor(
  what: string,
  done: () => boolean | Promise<boolean>,
  ms = 20_000,
): Promise<void> {
  for (const deadline = Date.now() + ms; Date.now() < deadline;) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}
