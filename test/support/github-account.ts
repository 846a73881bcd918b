import type { ApiClient } from "../../src/client";

/**
 * A GitHub BEARER_TOKEN connector (so its accounts are ACTIVE at once, no sign-in) and one account of it
 * holding the token: what a trigger instance needs. As on the real service, the connector is made without
 * the token; each account gives its own (the connector's expectedInputFields).
 */
export async function githubTokenAccount(
  client: ApiClient,
  { name, token }: { name: string; token: string },
): Promise<{ integrationId: string; accountId: string }> {
  const connector = await client.createIntegration({
    name,
    appName: "github",
    authScheme: "BEARER_TOKEN",
    forceNewIntegration: true,
  });
  const { connectedAccountId } = await client.createConnectedAccount({
    integrationId: connector.id,
    data: { token },
  });
  return { integrationId: connector.id, accountId: connectedAccountId };
}
