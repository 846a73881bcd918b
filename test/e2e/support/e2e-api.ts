/** The API side of a scenario: one emulator per test file, and a client to act on it from outside the stack. */
import { randomBytes } from "node:crypto";
import { ApiClient } from "../../../src/client";
import { startEmulator } from "../../../src/emulator";
import type { EmulatorOptions, RunningEmulator } from "../../../src/emulator";

/** A value nothing could contain by chance, so that finding it in a state file or a log means a leak. */
export function distinctiveSecret(label: string): string {
  return `sk-e2e-${label}-${randomBytes(12).toString("hex")}`;
}

export interface E2eApi {
  emulator: RunningEmulator;
  apiKey: string;
  /** Out-of-band changes and looks at the remote side, as another team or the console would. */
  client: ApiClient;
  close(): Promise<void>;
}

export async function startE2eApi(options: EmulatorOptions = {}): Promise<E2eApi> {
  const apiKey = distinctiveSecret("apikey");
  const emulator = await startEmulator({ ...options, port: 0, apiKeys: [apiKey] });
  const client = new ApiClient({ baseUrl: emulator.url, apiKey, maxRetries: 0 });
  return {
    emulator,
    apiKey,
    client,
    close: async () => {
      client.close();
      await emulator.close();
    },
  };
}

/**
 * The integration the integration-state-takeover program takes over: another team's OAuth connector, made
 * outside the stack, disabled before it. Returns its id.
 */
export async function theirDisabledIntegration(client: ApiClient, clientSecret: string): Promise<string> {
  const theirs = await client.createIntegration({
    name: "e2e-shared-slack",
    appName: "slack",
    authScheme: "OAUTH2",
    authConfig: { client_id: "their-client", client_secret: clientSecret, scopes: ["chat:write"] },
    forceNewIntegration: true,
  });
  await client.updateIntegration(theirs.id, { enabled: false });
  return theirs.id;
}
