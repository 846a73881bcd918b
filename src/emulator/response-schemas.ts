/**
 * zod schemas of every response body the emulator sends. They type the views (so a handler cannot send
 * another shape without a type error) and generate the response half of GET /openapi.json.
 *
 * The shapes follow the service's published OpenAPI document (v1, December 2024) and, where it
 * contradicts itself, the rule noted at the schema concerned. Objects are strict in the generated document
 * (`additionalProperties: false`): a field the emulator sends but does not declare is a conformance
 * failure, not a silent addition. An optional string with no value is left out, never sent as null.
 */
import { z } from "zod";
import { activeTriggerRecordSchema, triggerLogRecordSchema } from "./records";

/** The named schemas of GET /openapi.json (`#/components/schemas/<id>`). */
export const components = z.registry<{ id: string }>();

const timestamp = z.iso.datetime({ offset: true });
const jsonObject = z.record(z.string(), z.unknown());

/**
 * A field of an app's auth scheme. `expected_from_customer: false`: the connector's `authConfig` takes it;
 * true: each connected account's `data` does (and the connector lists it in `expectedInputFields`). A list
 * field (`scopes`) is `type: "array"` with a list or null default, as AuthConfigDTO types the value.
 */
export const authFieldView = z
  .object({
    name: z.string(),
    display_name: z.string(),
    type: z.enum(["string", "array", "boolean", "number"]),
    description: z.string(),
    required: z.boolean(),
    is_secret: z.boolean(),
    expected_from_customer: z.boolean(),
    default: z.union([z.string(), z.array(z.string()), z.null()]),
  })
  .register(components, { id: "AuthField" });

export const authSchemeView = z
  .object({ auth_mode: z.string(), name: z.string(), fields: z.array(authFieldView) })
  .register(components, { id: "AuthScheme" });

/** AppInfoResponseDto. `categories` and `tags` are string lists (the document types them string with object items). */
export const appItem = z
  .object({
    appId: z.string(),
    key: z.string(),
    name: z.string(),
    displayName: z.string(),
    description: z.string(),
    logo: z.string(),
    categories: z.array(z.string()),
    tags: z.array(z.string()),
    enabled: z.boolean(),
    no_auth: z.boolean(),
    auth_schemes: z.array(authSchemeView),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .register(components, { id: "AppInfoResponseDto" });

export const appList = z
  .object({ items: z.array(appItem), totalPages: z.int() })
  .register(components, { id: "AppListResDTO" });

/** ExpectedInputFieldsDTO; `default` is null, a string or an object (the contract allows all three). */
export const expectedInputFieldView = z
  .object({
    name: z.string(),
    type: z.string(),
    description: z.string(),
    display_name: z.string(),
    default: z.union([z.string(), z.array(z.string()), jsonObject, z.null()]),
    required: z.boolean(),
    expected_from_customer: z.boolean(),
    is_secret: z.boolean(),
  })
  .register(components, { id: "ExpectedInputFieldsDTO" });

const connectorFields = {
  id: z.string(),
  name: z.string(),
  appId: z.string(),
  appName: z.string(),
  authScheme: z.string(),
  enabled: z.boolean(),
  useServiceAuth: z.boolean(),
  deleted: z.boolean(),
  defaultConnectorId: z.string().optional(),
  createdAt: timestamp,
  updatedAt: timestamp,
};

/** GetConnectorInfoResDTO: the connector record; sensitive authConfig values omitted. */
export const connectorView = z
  .object({
    ...connectorFields,
    authConfig: jsonObject,
    expectedInputFields: z.array(expectedInputFieldView),
    logo: z.string(),
  })
  .register(components, { id: "GetConnectorInfoResDTO" });

/** An item of GET /api/v1/integrations: no authConfig, expectedInputFields or logo. */
export const connectorListItem = z.object(connectorFields).register(components, { id: "ConnectorListItem" });

export const connectorList = z
  .object({ items: z.array(connectorListItem), totalPages: z.int(), page: z.int() })
  .register(components, { id: "GetConnectorListResDTO" });

export const triggerView = z
  .object({
    appId: z.string(),
    appKey: z.string(),
    appName: z.string(),
    display_name: z.string(),
    name: z.string(),
    config: jsonObject,
    description: z.string(),
    enabled: z.boolean(),
    instructions: z.string(),
    payload: jsonObject,
    type: z.enum(["poll", "webhook"]),
    logo: z.string(),
    count: z.int(),
  })
  .register(components, { id: "TriggerResDTO" });

export const triggerList = z.array(triggerView).register(components, { id: "TriggerList" });

export const pageInfoView = z
  .object({ currentPage: z.int(), perPage: z.int(), totalPages: z.int() })
  .register(components, { id: "PageInfoDTO" });

/** The stored instance as it is: every field is on the wire (timestamps are ISO 8601). */
export const activeTriggerView = activeTriggerRecordSchema
  .extend({ createdAt: timestamp, updatedAt: timestamp, disabledAt: timestamp.nullable() })
  .register(components, { id: "ActiveTriggerInstance" });

/** The document types pageInfo as a list here (and as an object on the logs). */
export const activeTriggerList = z
  .object({ triggers: z.array(activeTriggerView), pageInfo: z.array(pageInfoView) })
  .register(components, { id: "ActiveTriggersResDTO" });

/** The stored log entry as it is. */
export const triggerLogView = triggerLogRecordSchema
  .extend({ createdAt: timestamp })
  .register(components, { id: "TriggerLogItemDTO" });

export const triggerLogList = z
  .object({ data: z.array(triggerLogView), pageInfo: pageInfoView })
  .register(components, { id: "TriggerLogsResDTO" });

/** TriggerResponseDTO of the enable upsert: `isNew` false when an equal instance was updated. */
export const triggerEnabled = z
  .object({ status: z.literal("success"), triggerId: z.string(), isNew: z.boolean() })
  .register(components, { id: "TriggerResponseDTO" });

/** TriggerResponseDTO of the status switch, disable and set_callback_url. */
export const operationSucceeded = z
  .object({ status: z.literal("success") })
  .register(components, { id: "TriggerStatusResponseDTO" });

/** WebhookURLResponseDTO: `callbackURL` is left out while none is set. */
export const callbackUrlView = z
  .object({ status: z.literal("success"), callbackURL: z.string().optional() })
  .register(components, { id: "WebhookURLResponseDTO" });

/** ClientDTO: the tenant as a client; `webhookURL` is the callback URL, `webhookSecret` signs deliveries. */
export const clientView = z
  .object({
    autoId: z.int(),
    id: z.string(),
    name: z.string(),
    email: z.string(),
    createdAt: timestamp,
    updatedAt: timestamp,
    webhookURL: z.string().optional(),
    webhookSecret: z.string(),
    triggersEnabled: z.boolean(),
    plan: z.string(),
    isNewWebhook: z.boolean(),
  })
  .register(components, { id: "ClientDTO" });

/** ClientInfoAPIKeyResDTO, without the key itself (`key` and `apiKey` are a masked form of it). */
export const clientApiKeyView = z
  .object({
    id: z.string(),
    name: z.string(),
    clientId: z.string(),
    memberId: z.string(),
    createdAt: timestamp,
    updatedAt: timestamp,
    key: z.string(),
    member: z.object({
      id: z.string(),
      orgId: z.string(),
      name: z.string(),
      role: z.string(),
      createdAt: timestamp,
      updatedAt: timestamp,
    }),
    lastUsed: timestamp,
    apiKey: z.string(),
  })
  .register(components, { id: "ClientInfoAPIKeyResDTO" });

export const clientInfoView = z
  .object({ client: clientView, apiKey: clientApiKeyView })
  .register(components, { id: "ClientInfoResDTO" });

const memberView = z
  .object({
    id: z.uuid(),
    orgId: z.uuid(),
    email: z.email(),
    name: z.string(),
    role: z.enum(["admin", "developer"]),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .register(components, { id: "MemberInfoResDTO" });

/** ConnectionParams without `data` and `connectionParams`: credentials are never echoed. */
export const connectedAccountView = z
  .object({
    id: z.string(),
    integrationId: z.string(),
    appId: z.string(),
    appName: z.string(),
    appUniqueId: z.string(),
    /** The entityId (the document's deprecated name for it). */
    clientUniqueUserId: z.string(),
    status: z.string(),
    isDisabled: z.boolean(),
    enabled: z.boolean(),
    invocationCount: z.int(),
    labels: z.array(z.string()),
    member: memberView,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .register(components, { id: "ConnectionParams" });

export const connectedAccountList = z
  .object({ items: z.array(connectedAccountView), totalPages: z.int(), page: z.int() })
  .register(components, { id: "GetConnectionsResponseDto" });

/** `redirectUrl` only for OAuth schemes (status INITIATED). */
export const connectedAccountCreated = z
  .object({
    connectionStatus: z.enum(["ACTIVE", "INITIATED"]),
    connectedAccountId: z.string().min(1),
    redirectUrl: z.url().optional(),
  })
  .register(components, { id: "InitiateConnectionResponse" });

/** ConnectedAccountResponseDTO, plus its labels; no connection data. */
export const connectedAccountDetailView = z
  .object({
    id: z.string(),
    integrationId: z.string(),
    appName: z.string(),
    appUniqueId: z.string(),
    entityId: z.string(),
    /** Deprecated name of entityId, still required by the document. */
    clientUniqueUserId: z.string(),
    labels: z.array(z.string()),
    status: z.enum(["INITIATED", "ACTIVE", "FAILED"]),
    isDisabled: z.boolean(),
    enabled: z.boolean(),
    memberInfo: memberView,
    /** Meta: the document's app-specific metadata; the emulator has none. */
    meta: z.object({ app: jsonObject }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .register(components, { id: "ConnectedAccountResponseDTO" });

/** DeleteRowAPIDTO */
export const rowsDeleted = z
  .object({ status: z.literal("success"), count: z.int().min(0) })
  .register(components, { id: "DeleteRowAPIDTO" });

/** The flat error body of every failing response, as the contract defines it. */
export const errorResponse = z
  .object({
    status: z.int(),
    type: z.string(),
    name: z.string(),
    message: z.string().min(1),
    requestId: z.string(),
    details: jsonObject.optional(),
  })
  .register(components, { id: "HttpError" });

export type AppItem = z.output<typeof appItem>;
export type ConnectorView = z.output<typeof connectorView>;
export type ConnectorListItem = z.output<typeof connectorListItem>;
export type ConnectedAccountView = z.output<typeof connectedAccountView>;
export type ConnectedAccountDetailView = z.output<typeof connectedAccountDetailView>;
export type ClientInfoView = z.output<typeof clientInfoView>;

// ------------------------------------------------------------------------ the emulator's own routes

export const health = z.object({ status: z.literal("ok") }).register(components, { id: "EmulatorHealth" });

export const faultSettingsView = z
  .object({
    latencyMs: z.int(),
    jitterMs: z.int(),
    errorRate: z.number(),
    throttleRate: z.number(),
    headerlessThrottleRate: z.number(),
    retryAfterSeconds: z.int(),
    rateLimitPerSecond: z.number().nullable(),
    resetRate: z.number(),
    resetAfterHandler: z.boolean(),
    match: z.array(z.string()).nullable(),
    remaining: z.int().nullable(),
    remainingPerRoute: z.record(z.string(), z.int()).nullable(),
    lateCommitMs: z.int().nullable(),
    clockOffsetMs: z.int(),
  })
  .register(components, { id: "EmulatorFaultSettings" });

export const requestLogView = z
  .object({
    entries: z.array(
      z.object({
        method: z.string(),
        route: z.string(),
        url: z.string(),
        statusCode: z.int(),
        responseTimeMs: z.number(),
        tenant: z.int().nullable(),
        fault: z.enum(["latency", "error", "throttle", "reset", "lateCommit"]).nullable(),
      }),
    ),
  })
  .register(components, { id: "EmulatorRequestLog" });

/** POST /_emulator/trigger-instances/{id}/fire (see FiredEvent in delivery/deliveries.ts). */
export const firedEvent = z
  .object({
    eventId: z.string(),
    logId: z.string(),
    delivery: z.enum(["scheduled", "no_callback_url"]),
  })
  .register(components, { id: "EmulatorFiredEvent" });

/** GET /openapi.json: this document (described loosely, as any OpenAPI document). */
export const openApiDocumentView = z
  .looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) })
  .register(components, { id: "OpenApiDocument" });
