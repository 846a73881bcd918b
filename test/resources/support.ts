import { ApiClient } from "../../src/client";
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../src/emulator";
import { withConnection } from "../../src/resources/shared/connection";
import { createConnectorHandlers, type ConnectorHandlers } from "../../src/resources/connector/handlers";
import {
  createIntegrationStateHandlers,
  type IntegrationStateHandlers,
} from "../../src/resources/integration-state/handlers";
import { liveConnectorIds } from "../support/live-connectors";

/** A stack config as the dynamic-provider host hands it to `configure` (namespaced keys). */
export function stackConfig(values: Record<string, string>) {
  return { get: (key: string) => values[key] };
}

export interface ProviderTestBed {
  emulator: RunningEmulator;
  /** The stack config the handlers were configured with, for configuring more handlers alike. */
  settings: ReturnType<typeof stackConfig>;
  connector: ConnectorHandlers;
  integrationState: IntegrationStateHandlers;
  /** For the test's own look at the remote side; its requests are logged too, so count before using it. */
  inspect: ApiClient;
  /** How many requests `step` sent to the API. */
  requestsOf(step: () => Promise<unknown>): Promise<number>;
  /** The ids of the live (not deleted) connectors that hold this name. */
  liveNamed(name: string): Promise<string[]>;
  /**
   * Handlers of a new provider process, as the next deployment gets them (a destroy, or an `up` without the
   * resource): what one deployment's checks claimed (resources/shared/claims.ts) is not theirs.
   */
  nextDeployment(): Promise<void>;
  /** Makes the server apply the next create but lose its answer (the connection is reset after it). */
  loseNextCreateResponse(): void;
  /** The same for the next request of this route, e.g. "POST /api/v1/connectedAccounts". */
  loseNextResponse(route: string): void;
  close(): Promise<void>;
}

/** An emulator on an ephemeral port and freshly configured handlers pointing at it over HTTP. */
export async function startTestBed(
  config: Record<string, string> = {},
  emulatorOptions: Omit<EmulatorOptions, "port"> = {},
): Promise<ProviderTestBed> {
  const emulator = await startEmulator({ ...emulatorOptions, port: 0 });
  const settings = stackConfig({
    "integrations:apiKey": emulator.apiKey,
    "integrations:baseUrl": emulator.url,
    "integrations:maxRetries": "0",
    ...config,
  });
  // As `pulumi-integrations/dynamic` exports them: with the `connection` layer every create goes through.
  const deployment = async () => {
    const handlers = {
      connector: withConnection(createConnectorHandlers()) as ConnectorHandlers,
      integrationState: withConnection(createIntegrationStateHandlers()) as IntegrationStateHandlers,
    };
    await handlers.connector.configure({ config: settings });
    await handlers.integrationState.configure({ config: settings });
    return handlers;
  };
  let current = await deployment();
  const inspect = new ApiClient({ baseUrl: emulator.url, apiKey: emulator.apiKey, maxRetries: 0 });
  const loseNextResponse = (route: string) =>
    emulator.setFaults({ resetRate: 1, resetAfterHandler: true, remaining: 1, match: [route] });
  return {
    emulator,
    settings,
    get connector() {
      return current.connector;
    },
    get integrationState() {
      return current.integrationState;
    },
    async nextDeployment() {
      current = await deployment();
    },
    inspect,
    async requestsOf(step) {
      emulator.requestLog.clear();
      await step();
      return emulator.requestLog.count();
    },
    liveNamed: (name) => liveConnectorIds(inspect, name),
    loseNextCreateResponse: () => loseNextResponse("POST /api/v1/integrations"),
    loseNextResponse,
    close: () => emulator.close(),
  };
}

export const GITHUB_AUTH = {
  client_id: "client-id-1",
  client_secret: "client-secret-1-abcdef",
  scopes: ["repo"],
};
