import type { ApiClient } from "../../src/client";

/**
 * A GitHub connector with a bearer token (so its accounts are ACTIVE at once, no sign-in) and one account
 * of it: what a trigger instance needs.
 */
export async function githubTokenAccount(
  client: ApiClient,
  { name, token }: { name: string; token: string },
): Promise<{ integrationId: string; accountId: string }> {
  const connector = await client.createIntegration({
    name,
    appName: "github",
    authScheme: "BEARER_TOKEN",
    authConfig: { token },
  });
  const { connectedAccountId } = await client.createConnectedAccount({ integrationId: connector.id });
  return { integrationId: connector.id, accountId: connectedAccountId };
}
