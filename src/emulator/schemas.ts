/** zod schemas of every body, query string and path parameter the emulator accepts. */
import { z } from "zod";
import { badRequest } from "./errors";

const MAX_ID = 200;
const MAX_NAME = 255;

/** Parses a wire value or throws a 400 whose details name the failing paths (never the values). */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: [where, ...issue.path.map(String)].join("."),
    message: issue.message,
  }));
  const first = details[0];
  throw badRequest(`Invalid ${where}: ${first ? `${first.path}: ${first.message}` : "rejected"}`, {
    issues: details,
  });
}

const id = z.string().min(1).max(MAX_ID);
const jsonObject = z.record(z.string(), z.unknown());

const scopeList = z.array(z.string(), {
  error: 'must be an array of strings, e.g. ["repo", "read:org"] (not a comma-separated string)',
});

/** AuthConfigDTO: free-form keys, but `scopes` and `user_scopes` are lists of strings. */
export const authConfig = z.looseObject({
  scopes: scopeList.optional(),
  user_scopes: scopeList.optional(),
});

/** A comma-separated list; repeated query keys are joined; empty items are ignored. */
const commaList = z.union([z.string(), z.array(z.string())]).transform((value) =>
  (Array.isArray(value) ? value : [value])
    .flatMap((part) => part.split(","))
    .map((item) => item.trim())
    .filter((item) => item !== ""),
);

const queryBoolean = z.enum(["true", "false"]).transform((value) => value === "true");

const positiveInteger = (max: number) =>
  z
    .string()
    .regex(/^[0-9]+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

const page = positiveInteger(Number.MAX_SAFE_INTEGER).default(1);
const perPage = positiveInteger(100).default(10);

/** Query of GET /api/v1/apps; `additionalFields` and `includeLocal` are accepted and change nothing here. */
export const listAppsQuery = z.object({
  category: z.string().max(MAX_NAME).optional(),
  additionalFields: z.string().max(MAX_NAME).optional(),
  includeLocal: z.enum(["true", "false"]).optional(),
});

export const integrationIdParams = z.object({ integrationId: id });

export const createIntegrationBody = z.object({
  // Trimmed before it is stored, as the real service does.
  name: z.string().trim().min(1).max(MAX_NAME),
  appId: id.optional(),
  appName: id.optional(),
  authScheme: z.string().min(1).max(MAX_ID).optional(),
  authConfig: authConfig.optional(),
  useServiceAuth: z.boolean().optional(),
  forceNewIntegration: z.boolean().optional(),
});
export type CreateIntegrationBody = z.output<typeof createIntegrationBody>;

export const patchIntegrationBody = z.strictObject({
  authConfig: authConfig.optional(),
  enabled: z.boolean().optional(),
});

export const listIntegrationsQuery = z.object({
  appName: z.string().max(MAX_ID).optional(),
  showDisabled: queryBoolean.optional(),
  page,
  pageSize: perPage,
});

export const listTriggersQuery = z.object({
  appNames: commaList.optional(),
  connectedAccountIds: commaList.optional(),
  triggerIds: commaList.optional(),
  integrationIds: commaList.optional(),
  showEnabledOnly: queryBoolean.optional(),
});

export const activeTriggersQuery = z.object({
  connectedAccountIds: commaList.optional(),
  integrationIds: commaList.optional(),
  triggerIds: commaList.optional(),
  triggerNames: commaList.optional(),
  showDisabled: queryBoolean.optional(),
  page,
  limit: perPage,
});

export const triggerLogsQuery = z.object({
  connectionId: id.optional(),
  integrationId: id.optional(),
  page,
  limit: perPage,
});

export const listConnectedAccountsQuery = z.object({
  integrationId: id.optional(),
  page,
  pageSize: perPage,
});

/**
 * InitiateConnectionPayloadDto: `data` is required (it may be empty when the connector needs nothing);
 * `userUuid` (deprecated) is accepted and unused.
 */
export const createConnectedAccountBody = z.object({
  integrationId: id,
  data: jsonObject,
  labels: z.array(z.string().max(MAX_NAME)).max(100).optional(),
  entityId: z.string().min(1).max(MAX_NAME).optional(),
  redirectUri: z.string().max(2048).optional(),
  userUuid: z.string().optional(),
});

export const enableTriggerParams = z.object({ connectedAccountId: id, triggerName: id });
/** EnableTriggerBodyDTO: `triggerConfig` is required (it may be empty when the trigger needs nothing). */
export const enableTriggerBody = z.object({ triggerConfig: jsonObject, verifyHost: z.string().optional() });

export const triggerIdParams = z.object({ triggerId: id });
export const triggerInstanceIdParams = z.object({ triggerInstanceId: id });
/** SwitchTriggerStatusBodyDTO */
export const switchTriggerStatusBody = z.object({ enabled: z.boolean() });

/** SetCallbackUrlBodyDTO: where the tenant's events are delivered. */
export const setCallbackUrlBody = z.object({
  callbackURL: z.url({ protocol: /^https?$/, error: "must be an http or https URL" }).max(2048),
});

export const connectedAccountIdParams = z.object({ connectedAccountId: id });

export const triggerInstanceParams = z.object({ id });
export const fireTriggerBody = z.object({ payload: jsonObject.optional() }).optional();

const share = z.number().min(0).max(1);
const milliseconds = z.number().int().min(0).max(600_000);
/** A route as `match` and `remainingPerRoute` name it: "METHOD /route/:pattern". */
const ROUTE = /^[A-Z]+ \/\S*$/;
const ROUTE_RULE = 'must look like "METHOD /route/:pattern"';
/** How far the server's clock may run ahead or behind: ten years either way. */
export const MAX_CLOCK_OFFSET_MS = 315_576_000_000;

export const faultSettingsPatch = z.strictObject({
  latencyMs: milliseconds.optional(),
  jitterMs: milliseconds.optional(),
  errorRate: share.optional(),
  throttleRate: share.optional(),
  headerlessThrottleRate: share.optional(),
  retryAfterSeconds: z.number().int().min(0).max(86_400).optional(),
  rateLimitPerSecond: z.number().positive().max(1_000_000).nullable().optional(),
  resetRate: share.optional(),
  resetAfterHandler: z.boolean().optional(),
  match: z.array(z.string().regex(ROUTE, ROUTE_RULE)).max(100).nullable().optional(),
  remaining: z.number().int().min(0).nullable().optional(),
  remainingPerRoute: z
    .record(z.string(), z.number().int().min(0))
    .refine((routes) => Object.keys(routes).every((route) => ROUTE.test(route)), `each key ${ROUTE_RULE}`)
    .refine((routes) => Object.keys(routes).length <= 100, "names at most 100 routes")
    .nullable()
    .optional(),
  lateCommitMs: milliseconds.nullable().optional(),
  clockOffsetMs: z.number().int().min(-MAX_CLOCK_OFFSET_MS).max(MAX_CLOCK_OFFSET_MS).optional(),
});
