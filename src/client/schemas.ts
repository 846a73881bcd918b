import { z } from "zod";

/**
 * Wire schemas of the API, both directions.
 *
 * Responses: objects are loose (fields a server adds are kept), required fields are enforced, and the
 * tolerated variants of contract-decisions.md are accepted (`displayName` for `display_name`, `null` for
 * an absent optional field, pageInfo as an array or an object, `default` of any JSON kind).
 * Requests: objects are strict, so a misspelt key is caught before it reaches the server.
 *
 * The exported interfaces are the public types; each schema is checked against its interface.
 */

type JsonObject = Record<string, unknown>;

const jsonObject = z.record(z.string(), z.unknown());

/** An optional field that some servers send as `null`: read as absent. */
function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? undefined);
}

/** Accepts the camel-cased `displayName` where the contract says `display_name`. */
function acceptingDisplayName<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (raw) =>
      isPlainObject(raw) && raw.display_name === undefined && typeof raw.displayName === "string"
        ? { ...raw, display_name: raw.displayName }
        : raw,
    schema,
  );
}

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// ---------------------------------------------------------------------------------------------- apps

export interface App {
  key: string;
  name: string;
  id?: string;
  displayName?: string;
  description?: string;
  logo?: string;
  categories?: string[];
  auth_schemes?: JsonObject[];
  [extra: string]: unknown;
}

export const appSchema: z.ZodType<App> = z.looseObject({
  key: z.string(),
  name: z.string(),
  id: optional(z.string()),
  displayName: optional(z.string()),
  description: optional(z.string()),
  logo: optional(z.string()),
  categories: optional(z.array(z.string())),
  auth_schemes: optional(z.array(jsonObject)),
});

// ------------------------------------------------------------------------------------------ triggers

export interface Trigger {
  appId: string;
  appKey: string;
  appName: string;
  display_name: string;
  name: string;
  config?: JsonObject;
  count?: number;
  description?: string;
  enabled?: boolean;
  instructions?: string;
  payload?: JsonObject;
  type?: string;
  logo?: string;
  [extra: string]: unknown;
}

export const triggerSchema: z.ZodType<Trigger> = acceptingDisplayName(
  z.looseObject({
    appId: z.string(),
    appKey: z.string(),
    appName: z.string(),
    display_name: z.string(),
    name: z.string(),
    config: optional(jsonObject),
    count: optional(z.number()),
    description: optional(z.string()),
    enabled: optional(z.boolean()),
    instructions: optional(z.string()),
    payload: optional(jsonObject),
    type: optional(z.string()),
    logo: optional(z.string()),
  }),
);

// ------------------------------------------------------------------------------------- integrations

export interface ExpectedInputField {
  name: string;
  type?: string;
  description?: string;
  display_name?: string;
  /** null, a string or an object on the wire; other JSON kinds are tolerated too. */
  default?: string | number | boolean | JsonObject | null;
  required?: boolean;
  expected_from_customer?: boolean;
  is_secret?: boolean;
  [extra: string]: unknown;
}

export const expectedInputFieldSchema: z.ZodType<ExpectedInputField> = acceptingDisplayName(
  z.looseObject({
    name: z.string(),
    type: optional(z.string()),
    description: optional(z.string()),
    display_name: optional(z.string()),
    default: z.union([z.null(), z.string(), z.number(), z.boolean(), jsonObject]).optional(),
    required: optional(z.boolean()),
    expected_from_customer: optional(z.boolean()),
    is_secret: optional(z.boolean()),
  }),
);

export interface ConnectorRecord {
  id: string;
  name: string;
  appId: string;
  appName: string;
  authScheme?: string;
  /** Sensitive values are omitted by the server. */
  authConfig: JsonObject;
  enabled: boolean;
  useServiceAuth: boolean;
  expectedInputFields: ExpectedInputField[];
  logo?: string;
  createdAt?: string;
  updatedAt?: string;
  deleted?: boolean;
  defaultConnectorId?: string | null;
  [extra: string]: unknown;
}

export const connectorRecordSchema: z.ZodType<ConnectorRecord> = z.looseObject({
  id: z.string(),
  name: z.string(),
  appId: z.string(),
  appName: z.string(),
  authScheme: optional(z.string()),
  authConfig: jsonObject,
  enabled: z.boolean(),
  useServiceAuth: z.boolean(),
  expectedInputFields: z.array(expectedInputFieldSchema),
  logo: optional(z.string()),
  createdAt: optional(z.string()),
  updatedAt: optional(z.string()),
  deleted: optional(z.boolean()),
  defaultConnectorId: z.string().nullable().optional(),
});

/** An item of `GET /api/v1/integrations` (no authConfig, expectedInputFields or logo). */
export interface IntegrationSummary {
  id: string;
  name: string;
  appName: string;
  appId?: string;
  authScheme?: string;
  enabled?: boolean;
  useServiceAuth?: boolean;
  deleted?: boolean;
  createdAt?: string;
  updatedAt?: string;
  [extra: string]: unknown;
}

export const integrationSummarySchema: z.ZodType<IntegrationSummary> = z.looseObject({
  id: z.string(),
  name: z.string(),
  appName: z.string(),
  appId: optional(z.string()),
  authScheme: optional(z.string()),
  enabled: optional(z.boolean()),
  useServiceAuth: optional(z.boolean()),
  deleted: optional(z.boolean()),
  createdAt: optional(z.string()),
  updatedAt: optional(z.string()),
});

// -------------------------------------------------------------------------- connected accounts / enable

export interface ConnectedAccount {
  id: string;
  integrationId?: string;
  appId?: string;
  appName?: string;
  /** Connection data; sensitive values omitted by the server. */
  data?: JsonObject;
  status?: string;
  createdAt?: string;
  updatedAt?: string;
  [extra: string]: unknown;
}

export const connectedAccountSchema: z.ZodType<ConnectedAccount> = z.looseObject({
  id: z.string(),
  integrationId: optional(z.string()),
  appId: optional(z.string()),
  appName: optional(z.string()),
  data: optional(jsonObject),
  status: optional(z.string()),
  createdAt: optional(z.string()),
  updatedAt: optional(z.string()),
});

export interface ConnectedAccountCreated {
  connectionStatus: string;
  connectedAccountId: string;
  [extra: string]: unknown;
}

export const connectedAccountCreatedSchema: z.ZodType<ConnectedAccountCreated> = z.looseObject({
  connectionStatus: z.string(),
  connectedAccountId: z.string(),
});

export interface TriggerEnabled {
  status: string;
  triggerId: string;
  [extra: string]: unknown;
}

export const triggerEnabledSchema: z.ZodType<TriggerEnabled> = z.looseObject({
  status: z.string(),
  triggerId: z.string(),
});

// --------------------------------------------------------------------------- active triggers and logs

export interface ActiveTrigger {
  id: string;
  connectionId: string;
  triggerName: string;
  triggerConfig: JsonObject;
  triggerData?: string;
  createdAt?: string;
  updatedAt?: string;
  disabledAt?: string | null;
  state?: JsonObject;
  disabledReason?: string | null;
  [extra: string]: unknown;
}

export const activeTriggerSchema: z.ZodType<ActiveTrigger> = z.looseObject({
  id: z.string(),
  connectionId: z.string(),
  triggerName: z.string(),
  triggerConfig: jsonObject.nullish().transform((value) => value ?? {}),
  triggerData: optional(z.string()),
  createdAt: optional(z.string()),
  updatedAt: optional(z.string()),
  disabledAt: z.string().nullable().optional(),
  state: optional(jsonObject),
  disabledReason: z.string().nullable().optional(),
});

export interface TriggerLog {
  id: string;
  connectionId: string;
  appKey: string;
  createdAt: string;
  clientId?: string;
  triggerName?: string | null;
  triggerType?: string;
  errorTrigger?: unknown;
  triggerClientError?: unknown;
  triggerClientPayload?: unknown;
  triggerProviderPayload?: unknown;
  [extra: string]: unknown;
}

export const triggerLogSchema: z.ZodType<TriggerLog> = z.looseObject({
  id: z.string(),
  connectionId: z.string(),
  appKey: z.string(),
  createdAt: z.string(),
  clientId: optional(z.string()),
  triggerName: z.string().nullable().optional(),
  triggerType: optional(z.string()),
  errorTrigger: z.unknown().optional(),
  triggerClientError: z.unknown().optional(),
  triggerClientPayload: z.unknown().optional(),
  triggerProviderPayload: z.unknown().optional(),
});

// ------------------------------------------------------------------------------------------ envelopes

/** `{currentPage, perPage, totalPages}`; sent as a one-element array or as an object, both accepted. */
export interface PageInfo {
  currentPage?: number;
  perPage?: number;
  totalPages?: number;
}

const pageInfoObject = z.looseObject({
  currentPage: optional(z.number()),
  perPage: optional(z.number()),
  totalPages: optional(z.number()),
});

export const pageInfoSchema: z.ZodType<PageInfo> = z
  .union([pageInfoObject, z.array(pageInfoObject)])
  .transform((info) => (Array.isArray(info) ? (info[0] ?? {}) : info));

export const activeTriggersPageSchema = z.looseObject({
  triggers: z.array(activeTriggerSchema),
  pageInfo: pageInfoSchema,
});

export const triggerLogsPageSchema = z.looseObject({
  data: z.array(triggerLogSchema),
  pageInfo: pageInfoSchema,
});

/** `{items, totalPages, page}` of the integrations and connected-accounts lists. */
export function itemsPageSchema<T>(item: z.ZodType<T>) {
  return z.looseObject({
    items: z.array(item),
    totalPages: optional(z.number()),
    page: optional(z.number()),
  });
}

/** A bare array (the documented shape) or the same list inside an `items` envelope. */
export function listSchema<T>(item: z.ZodType<T>) {
  return z
    .union([z.array(item), z.looseObject({ items: z.array(item) })])
    .transform((list) => (Array.isArray(list) ? list : list.items));
}

// ------------------------------------------------------------------------------------ request bodies

export interface CreateIntegrationBody {
  name: string;
  appName?: string;
  appId?: string;
  authScheme?: string;
  authConfig?: JsonObject;
  useServiceAuth?: boolean;
  forceNewIntegration?: boolean;
}

export const createIntegrationBodySchema: z.ZodType<CreateIntegrationBody> = z
  .strictObject({
    name: z.string().min(1),
    appName: z.string().min(1).optional(),
    appId: z.string().min(1).optional(),
    authScheme: z.string().min(1).optional(),
    authConfig: jsonObject.optional(),
    useServiceAuth: z.boolean().optional(),
    forceNewIntegration: z.boolean().optional(),
  })
  .refine((body) => body.appName !== undefined || body.appId !== undefined, {
    message: "one of appName or appId is required",
    path: ["appName"],
  });

export interface UpdateIntegrationBody {
  authConfig?: JsonObject;
  enabled?: boolean;
}

export const updateIntegrationBodySchema: z.ZodType<UpdateIntegrationBody> = z.strictObject({
  authConfig: jsonObject.optional(),
  enabled: z.boolean().optional(),
});

export interface CreateConnectedAccountBody {
  integrationId: string;
  data?: JsonObject;
}

export const createConnectedAccountBodySchema: z.ZodType<CreateConnectedAccountBody> = z.strictObject({
  integrationId: z.string().min(1),
  data: jsonObject.optional(),
});

export const enableTriggerBodySchema = z.strictObject({ triggerConfig: jsonObject });

// ------------------------------------------------------------------------------------- error bodies

const text = z.string().optional().catch(undefined);
const identifier = z.union([z.string(), z.number()]).transform(String).optional().catch(undefined);

/** Flat: `{status, message, requestId, type?, name?, details?}`. */
export const flatErrorBodySchema = z.looseObject({
  message: text,
  requestId: identifier,
  request_id: identifier,
  type: text,
  name: text,
  details: z.unknown().optional(),
});

/** Nested: `{error: {message, status, request_id, suggested_fix}}`, or `{error: "text"}`. */
export const nestedErrorBodySchema = z.looseObject({
  error: z.union([
    z.string(),
    z.looseObject({
      message: text,
      request_id: identifier,
      requestId: identifier,
      type: text,
      suggested_fix: text,
      details: z.unknown().optional(),
    }),
  ]),
});
