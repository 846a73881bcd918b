import {
  collect,
  type ActiveTrigger,
  type ApiClient,
  type App,
  type ConnectedAccount,
  type IntegrationSummary,
} from "../client";

/** What an account holds that a stack can adopt, as the service lists it. */
export interface AccountContents {
  /** The account the key reaches (`client.id` of client_info). */
  accountId: string;
  connectors: IntegrationSummary[];
  connectedAccounts: ConnectedAccount[];
  triggerInstances: ActiveTrigger[];
  /** The account's callback URL; undefined when none is set. */
  callbackUrl: string | undefined;
  /** The app catalog: which authConfig fields each connector's scheme takes, and which are secret. */
  apps: App[];
}

/**
 * Lists everything in the account, disabled objects included. Requests: client_info, the callback URL, the
 * catalog, and one per page of each listing (connectors, connected accounts, trigger instances): nothing per
 * object.
 */
export async function readAccount(client: ApiClient): Promise<AccountContents> {
  const [accountId, callbackUrl, apps, connectors, connectedAccounts, triggerInstances] = await Promise.all([
    client.getAccountId(),
    client.getCallbackUrl(),
    client.listApps(),
    collect(client.listIntegrations({ showDisabled: true })),
    collect(client.listConnectedAccounts()),
    collect(client.activeTriggers({ showDisabled: true })),
  ]);
  return {
    accountId,
    connectors: connectors.filter((connector) => connector.deleted !== true),
    connectedAccounts,
    triggerInstances,
    callbackUrl,
    apps,
  };
}
