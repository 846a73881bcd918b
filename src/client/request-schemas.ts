import { z } from "zod";
import { DEFAULT_MAX_CONCURRENT_REQUESTS } from "./request-scheduler";

/**
 * Local validation of what a caller asks for (filters, paging knobs, settings), so that JavaScript callers
 * and typos fail before a request is sent, with the field named.
 */

export const MAX_PAGE_LIMIT = 100;

const idList = z.array(z.string()).optional();
const maxItems = z.int().min(0).optional();

export const clientSettingsSchema = z.object({
  baseUrl: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }),
  apiKey: z
    .string()
    .min(1, "must not be empty")
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces"),
  timeoutMs: z.int().positive().default(30_000),
  maxRetries: z.int().min(0).default(4),
  maxConcurrentRequests: z.int().min(1).default(DEFAULT_MAX_CONCURRENT_REQUESTS),
  maxRequestsPerSecond: z.number().positive().optional(),
});

export const clientOptionsSchema = z.strictObject({ retryDelayScaleMs: z.number().min(0).optional() });

export const triggerFiltersSchema = z.strictObject({
  appNames: idList,
  connectedAccountIds: idList,
  triggerIds: idList,
  integrationIds: idList,
  showEnabledOnly: z.boolean().optional(),
});

export const activeTriggersQuerySchema = z.strictObject({
  connectedAccountIds: idList,
  integrationIds: idList,
  triggerIds: idList,
  triggerNames: idList,
  showDisabled: z.boolean().optional(),
  limit: z.int().min(1).max(MAX_PAGE_LIMIT).optional(),
  maxItems,
});

export const triggerLogsQuerySchema = z.strictObject({
  connectionId: z.string().min(1).optional(),
  integrationId: z.string().min(1).optional(),
  limit: z.int().min(1).max(MAX_PAGE_LIMIT).optional(),
  maxItems,
});

export const integrationsQuerySchema = z.strictObject({
  appName: z.string().min(1).optional(),
  showDisabled: z.boolean().optional(),
  pageSize: z.int().min(1).optional(),
  maxItems,
});

export const connectedAccountsQuerySchema = z.strictObject({
  integrationId: z.string().min(1).optional(),
  maxItems,
});

export const pathParamSchema = z.string().min(1, "must be a non-empty string");

/** `["a", "", "b"]` -> `"a,b"`; an absent or empty list is no filter at all. */
export function commaSeparated(list: readonly string[] | undefined): string | undefined {
  const joined = (list ?? []).filter((item) => item !== "").join(",");
  return joined === "" ? undefined : joined;
}

/**
 * Whether a filter list was given but names nothing (`[]`, or only empty items). Filters AND together and
 * nothing is in an empty list, so such a query selects nothing: answered without a request, instead of
 * sending no filter at all, which would select everything.
 */
export function anyEmptyFilter(...lists: (readonly string[] | undefined)[]): boolean {
  return lists.some((list) => list !== undefined && commaSeparated(list) === undefined);
}
