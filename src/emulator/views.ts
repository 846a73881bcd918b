/** Records as the wire shows them: secrets omitted, list items trimmed. */
import { omitSecrets, type CatalogIndex } from "./catalog-index";
import type { ConnectedAccountRecord, IntegrationRecord } from "./records";

export function integrationView(catalog: CatalogIndex, record: IntegrationRecord): IntegrationRecord {
  return {
    ...record,
    authConfig: omitSecrets(record.authConfig, catalog.secretKeys(record.appId, record.authScheme)),
    expectedInputFields: record.expectedInputFields.map((field) => ({ ...field })),
  };
}

/** An item of GET /api/v1/integrations: no authConfig, expectedInputFields or logo. */
export function integrationSummary(record: IntegrationRecord) {
  return {
    id: record.id,
    name: record.name,
    appId: record.appId,
    appName: record.appName,
    authScheme: record.authScheme,
    enabled: record.enabled,
    useServiceAuth: record.useServiceAuth,
    deleted: record.deleted,
    defaultConnectorId: record.defaultConnectorId,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

export function connectedAccountView(
  catalog: CatalogIndex,
  account: ConnectedAccountRecord,
  integration: IntegrationRecord | undefined,
): ConnectedAccountRecord {
  const secret = catalog.secretKeys(account.appId, integration?.authScheme ?? "");
  return { ...account, data: omitSecrets(account.data, secret) };
}
