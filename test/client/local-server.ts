import http from "node:http";
import type { AddressInfo } from "node:net";

/** What a scripted local server saw of one request. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Remote port of the client socket: equal ports mean a reused keep-alive connection. */
  remotePort: number;
  /** performance.now() when the whole request had arrived. */
  arrivedAt: number;
}

export interface LocalServer {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

export type Handler = (request: SeenRequest, response: http.ServerResponse, index: number) => void;

/**
 * A tiny HTTP server on an ephemeral port whose answers a test scripts, for the wire variants and
 * failure mechanics (timeouts, resets, odd bodies) that the emulator does not produce. Port 0 = any free port.
 */
export async function startLocalServer(handler: Handler, port = 0): Promise<LocalServer> {
  const requests: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const seen: SeenRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        remotePort: req.socket.remotePort ?? 0,
        arrivedAt: performance.now(),
      };
      requests.push(seen);
      handler(seen, res, requests.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(response: http.ServerResponse, status: number, body: unknown, headers = {}): void {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

/** A connector record as the service sends it, for scripted servers to answer with (spread to vary it). */
export const connectorRecord = {
  id: "int-1",
  name: "my-github",
  appId: "app-1",
  appName: "github",
  authConfig: {},
  enabled: true,
  useServiceAuth: false,
  expectedInputFields: [],
};
