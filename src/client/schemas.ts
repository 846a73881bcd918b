import { z } from "zod";
import { withoutMaskedValues } from "./masked-values";

/**
 * Wire schemas of the API, both directions.
 *
 * Responses follow the tolerance rule of TOLERANCE.md (beside this file): only what the provider acts on
 * is parsed strictly (ids and unique keys, `enabled`, `deleted`, pagination); a missing or mistyped
 * needed field fails the call with a ResponseValidationError naming the field and the request id.
 * Everything else is informational: absent, `null` or of another type, it is read as absent (or as an
 * empty list / object), list items that do not parse are left out, and unknown keys are kept.
 * Requests: objects are strict, so a misspelt key is caught before it reaches the server.
 *
 * The exported interfaces are the public types; each schema is checked against its interface.
 */

type JsonObject = Record<string, unknown>;

/** Any JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

const jsonObject = z.record(z.string(), z.unknown());

/** A needed field: the provider acts on it, so its absence or type is an error that names it. */
const neededMessage = (kind: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? "is missing (needed)" : `must be ${kind}`;
const neededString = z.string({ error: neededMessage("a string") });
const neededBoolean = z.boolean({ error: neededMessage("a boolean") });

/** Acted on when present (`deleted`, page counts): a wrong type fails; `null` reads as absent. */
function strictWhenPresent<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? undefined);
}

/**
 * Informational: absent, `null` or of another type, it reads as absent. One transform rather than
 * `.nullish().catch().transform()`: the same answer at half the cost, which a 10,000-trigger catalog
 * (eight informational fields each) makes a visible part of getTriggers' time.
 */
function informational<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .transform((value): z.output<T> | undefined => {
      if (value === null || value === undefined) return undefined;
      const parsed = schema.safeParse(value);
      return parsed.success ? parsed.data : undefined;
    })
    .optional();
}

/** An informational object (authConfig, config): anything but an object reads as `{}`. */
const informationalObject = z
  .unknown()
  .optional()
  .transform((value): JsonObject => (isPlainObject(value) ? value : {}));

/** A connector's authConfig as shown: an informational object whose masked values read as absent. */
const shownAuthConfig = informationalObject.transform(withoutMaskedValues);

/** An informational list: anything but a list reads as `[]`; items that do not parse are left out. */
function informationalList<T>(item: z.ZodType<T>) {
  return z
    .unknown()
    .optional()
    .transform((value): T[] =>
      Array.isArray(value)
        ? value.flatMap((entry) => {
            const parsed = item.safeParse(entry);
            return parsed.success ? [parsed.data] : [];
          })
        : [],
    );
}

/** Accepts the camel-cased `displayName` where the contract says `display_name`. */
function acceptingDisplayName<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (raw) =>
      isPlainObject(raw) && raw.display_name == null && typeof raw.displayName === "string"
        ? { ...raw, display_name: raw.displayName }
        : raw,
    schema,
  );
}

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// ------------------------------------------------------------------------------------- auth fields

export interface ExpectedInputField {
  name: string;
  type?: string;
  description?: string;
  display_name?: string;
  /** Any JSON value (null, a string and an object are documented; arrays and others are seen too). */
  default?: JsonValue;
  required?: boolean;
  expected_from_customer?: boolean;
  is_secret?: boolean;
  [extra: string]: unknown;
}

/** An item without a string `name` is left out of the list (an input field without a name is unusable). */
export const expectedInputFieldSchema: z.ZodType<ExpectedInputField> = acceptingDisplayName(
  z.looseObject({
    name: z.string(),
    type: informational(z.string()),
    description: informational(z.string()),
    display_name: informational(z.string()),
    default: z.json().optional().catch(undefined),
    required: informational(z.boolean()),
    expected_from_customer: informational(z.boolean()),
    is_secret: informational(z.boolean()),
  }),
);

// ---------------------------------------------------------------------------------------------- apps

export interface App {
  key: string;
  name: string;
  /** `appId` on the wire (AppInfoResponseDto); older servers sent `id`, read here as the same. */
  appId?: string;
  id?: string;
  displayName?: string;
  description?: string;
  logo?: string;
  categories?: string[];
  /** The auth schemes the app supports; `[]` when the server sends none. */
  auth_schemes?: AppAuthScheme[];
  enabled?: boolean;
  [extra: string]: unknown;
}

/**
 * One of an app's auth schemes (`auth_schemes[]` of GET /api/v1/apps). Its `fields` say who gives what:
 * `expected_from_customer: false` fields go in a connector's `authConfig` (the developer's own OAuth app,
 * `scopes` as a list of strings); `true` fields are the connector's `expectedInputFields`, given by each end
 * user in a connected account's `data` (an API key, a token). Labels read from `display_name` or `displayName`.
 */
export interface AppAuthScheme {
  /** The `authScheme` value, e.g. "OAUTH2", "API_KEY". */
  auth_mode: string;
  name?: string;
  /** `[]` when the server sends none; a field without a string `name` is left out. */
  fields: ExpectedInputField[];
  [extra: string]: unknown;
}

/** A scheme without a string `auth_mode` is left out of the list (it names nothing a connector can use). */
const appAuthSchemeSchema: z.ZodType<AppAuthScheme> = z.looseObject({
  auth_mode: z.string(),
  name: informational(z.string()),
  fields: informationalList(expectedInputFieldSchema),
});

export const appSchema: z.ZodType<App> = z
  .looseObject({
    key: neededString,
    name: neededString,
    appId: informational(z.string()),
    id: informational(z.string()),
    displayName: informational(z.string()),
    description: informational(z.string()),
    logo: informational(z.string()),
    categories: informational(z.array(z.string())),
    auth_schemes: informationalList(appAuthSchemeSchema),
    enabled: informational(z.boolean()),
  })
  .transform((app) => ({ ...app, appId: app.appId ?? app.id }));

// ------------------------------------------------------------------------------------------ triggers

export interface Trigger {
  appId: string;
  appKey: string;
  appName: string;
  /** The trigger's `name` when the server sends no display name. */
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
  z
    .looseObject({
      appId: neededString,
      appKey: neededString,
      appName: neededString,
      display_name: informational(z.string()),
      name: neededString,
      config: informational(jsonObject),
      count: informational(z.number()),
      description: informational(z.string()),
      enabled: informational(z.boolean()),
      instructions: informational(z.string()),
      payload: informational(jsonObject),
      type: informational(z.string()),
      logo: informational(z.string()),
    })
    .transform((trigger) => ({ ...trigger, display_name: trigger.display_name ?? trigger.name })),
);

// ------------------------------------------------------------------------------------- integrations

export interface ConnectorRecord {
  id: string;
  /** Unique among the account's live connectors: the key a lost create is found by. */
  name: string;
  appId: string;
  appName: string;
  authScheme?: string;
  /**
   * Sensitive values are omitted by the server; `{}` when it sends none. A value a server masked ("****")
   * reads as omitted (masked-values.ts).
   */
  authConfig: JsonObject;
  enabled: boolean;
  /** Absent when the server does not say. */
  useServiceAuth?: boolean;
  /** `[]` when the server sends none. */
  expectedInputFields: ExpectedInputField[];
  logo?: string;
  createdAt?: string;
  updatedAt?: string;
  deleted?: boolean;
  defaultConnectorId?: string;
  [extra: string]: unknown;
}

export const connectorRecordSchema: z.ZodType<ConnectorRecord> = z.looseObject({
  id: neededString,
  name: neededString,
  appId: neededString,
  appName: neededString,
  authScheme: informational(z.string()),
  authConfig: shownAuthConfig,
  enabled: neededBoolean,
  useServiceAuth: informational(z.boolean()),
  expectedInputFields: informationalList(expectedInputFieldSchema),
  logo: informational(z.string()),
  createdAt: informational(z.string()),
  updatedAt: informational(z.string()),
  deleted: strictWhenPresent(z.boolean()),
  defaultConnectorId: informational(z.string()),
});

/** An item of `GET /api/v1/integrations` (no authConfig, expectedInputFields or logo). */
export interface IntegrationSummary {
  id: string;
  /** Unique among the account's live connectors: the key a connector is looked up by. */
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
  id: neededString,
  name: neededString,
  appName: neededString,
  appId: informational(z.string()),
  authScheme: informational(z.string()),
  enabled: strictWhenPresent(z.boolean()),
  useServiceAuth: informational(z.boolean()),
  deleted: strictWhenPresent(z.boolean()),
  createdAt: informational(z.string()),
  updatedAt: informational(z.string()),
});

// -------------------------------------------------------------------------- connected accounts / enable

export interface ConnectedAccount {
  id: string;
  integrationId?: string;
  appId?: string;
  appName?: string;
  /** Connection data; sensitive values omitted by the server. */
  data?: JsonObject;
  /** `INITIATED`, `ACTIVE` or `FAILED` per the published document; any string is kept. */
  status?: string;
  /** Read from `clientUniqueUserId` (its deprecated name, which list items carry) when absent. */
  entityId?: string;
  labels?: string[];
  enabled?: boolean;
  isDisabled?: boolean;
  appUniqueId?: string;
  createdAt?: string;
  updatedAt?: string;
  [extra: string]: unknown;
}

export const connectedAccountSchema: z.ZodType<ConnectedAccount> = z
  .looseObject({
    id: neededString,
    integrationId: informational(z.string()),
    appId: informational(z.string()),
    appName: informational(z.string()),
    data: informational(jsonObject),
    status: informational(z.string()),
    entityId: informational(z.string()),
    clientUniqueUserId: informational(z.string()),
    labels: informational(z.array(z.string())),
    enabled: informational(z.boolean()),
    isDisabled: informational(z.boolean()),
    appUniqueId: informational(z.string()),
    createdAt: informational(z.string()),
    updatedAt: informational(z.string()),
  })
  .transform((account) => ({ ...account, entityId: account.entityId ?? account.clientUniqueUserId }));

export interface ConnectedAccountCreated {
  /** `ACTIVE` at once for key-like schemes; `INITIATED` for OAuth, until a person completes `redirectUrl`. */
  connectionStatus?: string;
  connectedAccountId: string;
  redirectUrl?: string;
  [extra: string]: unknown;
}

export const connectedAccountCreatedSchema: z.ZodType<ConnectedAccountCreated> = z.looseObject({
  connectionStatus: informational(z.string()),
  connectedAccountId: neededString,
  redirectUrl: informational(z.string()),
});

export interface TriggerEnabled {
  status?: string;
  triggerId: string;
  /**
   * The enable route is an upsert: false when an instance of the same account, trigger and config existed
   * (and was updated). Absent from servers older than the upsert: the caller must then find out itself.
   */
  isNew?: boolean;
  [extra: string]: unknown;
}

export const triggerEnabledSchema: z.ZodType<TriggerEnabled> = z.looseObject({
  status: informational(z.string()),
  triggerId: neededString,
  isNew: strictWhenPresent(z.boolean()),
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
  id: neededString,
  connectionId: neededString,
  triggerName: neededString,
  triggerConfig: informationalObject,
  triggerData: informational(z.string()),
  createdAt: informational(z.string()),
  updatedAt: informational(z.string()),
  disabledAt: z.string().nullable().optional().catch(undefined),
  state: informational(jsonObject),
  disabledReason: z.string().nullable().optional().catch(undefined),
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
  id: neededString,
  connectionId: neededString,
  appKey: neededString,
  createdAt: neededString,
  clientId: informational(z.string()),
  triggerName: z.string().nullable().optional().catch(undefined),
  triggerType: informational(z.string()),
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

const pageCount = strictWhenPresent(z.number({ error: neededMessage("a number") }));

const pageInfoObject = z.looseObject({
  currentPage: pageCount,
  perPage: pageCount,
  totalPages: pageCount,
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
    totalPages: pageCount,
    page: pageCount,
  });
}

/**
 * A bare array (the documented shape) or the same list inside an `items` envelope. The shape is picked
 * before the items are read, not by a `z.union` (whose failure is one "Invalid input" at the root), so
 * that the error of an invalid item names its path, e.g. `items.1.name`.
 */
export function listSchema<T>(item: z.ZodType<T>): z.ZodType<T[]> {
  const bare = z.array(item);
  const wrapped = z.looseObject({ items: bare }).transform((list) => list.items);
  return z.unknown().transform((body, ctx) => {
    const result = (Array.isArray(body) ? bare : wrapped).safeParse(body);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.issues.push({ code: "custom", message: issue.message, input: body, path: issue.path });
    }
    return z.NEVER;
  });
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
  labels?: string[];
  entityId?: string;
  /** Where the OAuth flow returns to once a person has completed it. */
  redirectUri?: string;
}

/** `data` is required by the service (InitiateConnectionPayloadDto): sent as `{}` when not given. */
export const createConnectedAccountBodySchema = z.strictObject({
  integrationId: z.string().min(1),
  data: jsonObject.default({}),
  labels: z.array(z.string()).optional(),
  entityId: z.string().min(1).optional(),
  redirectUri: z.url().optional(),
});

export const enableTriggerBodySchema = z.strictObject({ triggerConfig: jsonObject });

export const triggerStatusBodySchema = z.strictObject({ enabled: z.boolean() });

export const callbackUrlBodySchema = z.strictObject({
  callbackURL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }),
});

// --------------------------------------------------------------------------------- webhook callback

/** `GET /api/v1/triggers/callback_url`: the tenant's callback URL, absent when none was ever set. */
export const callbackUrlSchema = z
  .looseObject({ callbackURL: informational(z.string()) })
  .transform((body) => body.callbackURL);

/** The webhook part of `GET /api/v1/client/auth/client_info`. Nothing else of it is read (it holds the key). */
export interface WebhookSettings {
  /** The callback URL (the same as `callback_url`). */
  webhookURL?: string;
  /** The key that signs every delivery (see verifyWebhook). A secret. */
  webhookSecret?: string;
}

export const clientInfoSchema: z.ZodType<WebhookSettings> = z
  .looseObject({
    client: z.looseObject({
      webhookURL: informational(z.string()),
      webhookSecret: informational(z.string()),
    }),
  })
  .transform(({ client }) => ({ webhookURL: client.webhookURL, webhookSecret: client.webhookSecret }));

/**
 * The account of `GET /api/v1/client/auth/client_info`: `client.id`, the project the API key belongs to (the
 * published document's ClientDTO.id; a project has several keys, and each answers the same id). Only this one
 * field is parsed: the rest of the answer holds the key and the webhook secret.
 */
export const accountIdSchema = z
  .looseObject({ client: z.looseObject({ id: z.string().min(1) }) })
  .transform(({ client }) => client.id);

// ------------------------------------------------------------------------------------- error bodies

const text = z.string().optional().catch(undefined);
const identifier = z.union([z.string(), z.number()]).transform(String).optional().catch(undefined);

/** One entry of a `detail` list (FastAPI style): `{loc: ["body", "name"], msg: "field required"}`. */
const detailEntry = z.looseObject({
  msg: text,
  message: text,
  loc: z.array(z.unknown()).optional().catch(undefined),
});

/**
 * Flat: `{status, message, requestId, type?, name?, details?}`; `{message}` alone; or `{detail}` (a text,
 * or a list of `{loc, msg}`) from servers built on other frameworks.
 */
export const flatErrorBodySchema = z.looseObject({
  message: text,
  detail: z
    .union([z.string(), z.array(z.unknown()).transform(describeDetailList)])
    .optional()
    .catch(undefined),
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

function describeDetailList(entries: unknown[]): string | undefined {
  const parts = entries.flatMap((entry) => {
    const parsed = detailEntry.safeParse(entry);
    if (!parsed.success) return [];
    const what = parsed.data.msg ?? parsed.data.message;
    const where = parsed.data.loc?.map(String).join(".");
    return what === undefined ? [] : [where ? `${where}: ${what}` : what];
  });
  return parts.length > 0 ? parts.join("; ") : undefined;
}
