/**
 * Records as the wire shows them: secrets omitted, internal fields dropped, optional strings without a
 * value left out (never null). Each view is typed by its response schema (response-schemas.ts).
 */
import { createHash } from "node:crypto";
import type { CatalogIndex } from "./catalog-index";
import type { CatalogApp } from "./catalog/types";
import type { ConnectedAccountRecord, IntegrationRecord } from "./records";
import type {
  AppItem,
  ConnectedAccountDetailView,
  ConnectedAccountView,
  ConnectorListItem,
  ConnectorView,
} from "./response-schemas";
import { shownAuthConfig, type SecretValueMode } from "./secret-values";

/** The catalog has no history: every app shows this as its creation and last change. */
const CATALOG_PUBLISHED_AT = "2024-12-01T00:00:00.000Z";

/** An item of GET /api/v1/apps (AppInfoResponseDto); the emulator's own lookup fields stay internal. */
export function appView(app: CatalogApp): AppItem {
  return {
    appId: app.id,
    key: app.key,
    name: app.name,
    displayName: app.displayName,
    description: app.description,
    logo: app.logo,
    categories: [...app.categories],
    tags: [...app.categories],
    enabled: true,
    no_auth: app.auth_schemes.every((scheme) => scheme.auth_mode === "NO_AUTH"),
    auth_schemes: app.auth_schemes.map((scheme) => ({
      auth_mode: scheme.auth_mode,
      name: scheme.name,
      fields: scheme.fields.map((field) => ({ ...field })),
    })),
    createdAt: CATALOG_PUBLISHED_AT,
    updatedAt: CATALOG_PUBLISHED_AT,
  };
}

export function integrationView(
  catalog: CatalogIndex,
  record: IntegrationRecord,
  secretValues: SecretValueMode = "omitted",
): ConnectorView {
  const secretKeys = catalog.secretKeys(record.appId, record.authScheme);
  return {
    ...integrationSummary(record),
    authConfig: shownAuthConfig(record.authConfig, secretKeys, secretValues),
    expectedInputFields: record.expectedInputFields.map((field) => ({ ...field })),
    logo: record.logo,
  };
}

/** An item of GET /api/v1/integrations: no authConfig, expectedInputFields or logo. */
export function integrationSummary(record: IntegrationRecord): ConnectorListItem {
  return {
    id: record.id,
    name: record.name,
    appId: record.appId,
    appName: record.appName,
    authScheme: record.authScheme,
    enabled: record.enabled,
    useServiceAuth: record.useServiceAuth,
    deleted: record.deleted,
    ...(record.defaultConnectorId !== null && { defaultConnectorId: record.defaultConnectorId }),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** An item of GET /api/v1/connectedAccounts; the connection data (credentials) is never sent. */
export function connectedAccountView(
  account: ConnectedAccountRecord,
  clientId: string,
): ConnectedAccountView {
  return {
    id: account.id,
    integrationId: account.integrationId,
    appId: account.appId,
    appName: account.appName,
    appUniqueId: account.appName,
    clientUniqueUserId: account.entityId,
    status: account.status,
    isDisabled: false,
    enabled: true,
    invocationCount: 0,
    labels: [...account.labels],
    member: memberOf(clientId),
    createdAt: account.createdAt,
    updatedAt: account.updatedAt,
  };
}

/** GET /api/v1/connectedAccounts/{id} (ConnectedAccountResponseDTO); no connection data either. */
export function connectedAccountDetailView(
  account: ConnectedAccountRecord,
  clientId: string,
): ConnectedAccountDetailView {
  return {
    id: account.id,
    integrationId: account.integrationId,
    appName: account.appName,
    appUniqueId: account.appName,
    entityId: account.entityId,
    clientUniqueUserId: account.entityId,
    labels: [...account.labels],
    status: account.status as ConnectedAccountDetailView["status"],
    isDisabled: false,
    enabled: true,
    memberInfo: memberOf(clientId),
    meta: { app: {} },
    createdAt: account.createdAt,
    updatedAt: account.updatedAt,
  };
}

/** The tenant's one (synthetic) team member, stable across runs: ids derived from the client id. */
function memberOf(clientId: string): ConnectedAccountView["member"] {
  return {
    id: uuidFrom(`member:${clientId}`),
    orgId: uuidFrom(`org:${clientId}`),
    email: "owner@emulator.invalid",
    name: "Emulator owner",
    role: "admin",
    createdAt: CATALOG_PUBLISHED_AT,
    updatedAt: CATALOG_PUBLISHED_AT,
  };
}

function uuidFrom(seed: string): string {
  const hex = createHash("sha256").update(seed).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
