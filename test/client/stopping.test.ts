/**
 * A stopped call (the engine's Cancel on Ctrl-C, or a resource's customTimeouts): its waits between attempts
 * and its requests not yet sent stop at once; a create whose request may have landed ends through its
 * lost-create proof, never with a bare abort.
 */
import { ApiClient } from "../../src/client";
import { OperationStoppedError, stoppable } from "../../src/client/stopping";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { liveConnectorIds } from "../support/live-connectors";
import { sendJson, startLocalServer, type LocalServer } from "./local-server";

const CREATE = "POST /api/v1/integrations";

/** A signal that aborts after `ms`, as the plugin's Cancel or a timeout does. */
function stopAfter(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new OperationStoppedError("stopped: the deployment was cancelled")), ms);
  return controller.signal;
}

describe("a stopped call", () => {
  let server: LocalServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("stops waiting between retries at once and sends nothing more", async () => {
    // The stop comes once the first attempt has been answered, so it lands in the wait before the second
    // however slowly a loaded machine starts the first.
    const controller = new AbortController();
    server = await startLocalServer((_request, response) => {
      sendJson(response, 503, { message: "busy" });
      response.on("finish", () =>
        setTimeout(
          () => controller.abort(new OperationStoppedError("stopped: the deployment was cancelled")),
          100,
        ),
      );
    });
    // Backoff from 2 s: without the stop, the retries would take well over 10 s.
    const client = new ApiClient(
      { baseUrl: server.url, apiKey: "k", maxRetries: 4 },
      { retryDelayScaleMs: 2_000 },
    );
    const error = await stoppable(controller.signal, () => client.getIntegration("int-1")).catch(
      (e: unknown) => e,
    );
    const answeredAt = server.requests[0]?.arrivedAt ?? Number.NaN;
    expect(error).toBeInstanceOf(OperationStoppedError);
    expect((error as Error).message).toBe("stopped: the deployment was cancelled");
    expect(performance.now() - answeredAt).toBeLessThan(1_500);
    expect(server.requests).toHaveLength(1);
    client.close();
  });

  it("sends nothing when it is stopped before the request leaves", async () => {
    server = await startLocalServer((_request, response) => sendJson(response, 200, {}));
    const client = new ApiClient({ baseUrl: server.url, apiKey: "k" });
    const stopped = new AbortController();
    stopped.abort(new OperationStoppedError("stopped: the create ran past its customTimeouts (2 s)"));
    await expect(stoppable(stopped.signal, () => client.getIntegration("int-1"))).rejects.toThrow(
      "stopped: the create ran past its customTimeouts (2 s)",
    );
    expect(server.requests).toHaveLength(0);
    client.close();
  });
});

describe("a create stopped after its response was lost", () => {
  let emulator: RunningEmulator;
  let client: ApiClient;
  let inspect: ApiClient;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    // A long backoff after the lost response: the stop comes during it.
    client = new ApiClient(
      { baseUrl: emulator.url, apiKey: emulator.apiKey, maxRetries: 4 },
      { retryDelayScaleMs: 5_000 },
    );
    inspect = new ApiClient({ baseUrl: emulator.url, apiKey: emulator.apiKey, maxRetries: 0 });
  });
  afterAll(async () => {
    client.close();
    inspect.close();
    await emulator.close();
  });

  it("takes the connector its POST made: the proof runs whatever the stop", async () => {
    emulator.setFaults({ resetRate: 1, resetAfterHandler: true, remaining: 1, match: [CREATE] });
    const started = performance.now();
    const record = await stoppable(stopAfter(200), () =>
      client.createIntegration({
        name: "stopped-landed",
        appName: "github",
        authScheme: "BEARER_TOKEN",
        forceNewIntegration: true,
      }),
    ).finally(() => emulator.clearFaults());
    expect(performance.now() - started).toBeLessThan(2_500);
    expect(await liveConnectorIds(inspect, "stopped-landed")).toEqual([record.id]);
  });

  it("says the service may still make it when nothing is found yet, and the late commit then lands", async () => {
    emulator.setFaults({ lateCommitMs: 1_000, remaining: 1, match: [CREATE] });
    const error = await stoppable(stopAfter(200), () =>
      client.createIntegration({
        name: "stopped-late",
        appName: "github",
        authScheme: "BEARER_TOKEN",
        forceNewIntegration: true,
      }),
    ).catch((e: unknown) => e);
    emulator.clearFaults();
    expect(error).toBeInstanceOf(OperationStoppedError);
    expect((error as Error).message).toContain('no connector named "stopped-late" was found');
    expect((error as Error).message).toContain("take it over with adoptId");
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await liveConnectorIds(inspect, "stopped-late")).toHaveLength(1);
  });
});
