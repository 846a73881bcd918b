/** The stored records (one schema per record: it types the store and validates a saved data file). */
import { z } from "zod";

const timestamp = z.string().min(1);
const jsonObject = z.record(z.string(), z.unknown());

export const expectedInputFieldSchema = z.object({
  name: z.string(),
  type: z.string(),
  description: z.string(),
  display_name: z.string(),
  default: z.union([z.string(), z.array(z.string()), z.null(), jsonObject]),
  required: z.boolean(),
  expected_from_customer: z.boolean(),
  is_secret: z.boolean(),
});
export type ExpectedInputField = z.output<typeof expectedInputFieldSchema>;

export const integrationRecordSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  appId: z.string(),
  appName: z.string(),
  authScheme: z.string(),
  /** Stored in full; reads omit the sensitive keys. */
  authConfig: jsonObject,
  enabled: z.boolean(),
  useServiceAuth: z.boolean(),
  expectedInputFields: z.array(expectedInputFieldSchema),
  logo: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  deleted: z.boolean(),
  defaultConnectorId: z.string().nullable(),
});
export type IntegrationRecord = z.output<typeof integrationRecordSchema>;

export const connectedAccountRecordSchema = z.object({
  id: z.string().min(1),
  integrationId: z.string(),
  appId: z.string(),
  appName: z.string(),
  status: z.string(),
  /** Connection parameters given on creation (credentials): stored, never sent back. */
  data: jsonObject,
  /** Defaults: data files written before these fields existed still load. */
  labels: z.array(z.string()).default([]),
  entityId: z.string().default("default"),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type ConnectedAccountRecord = z.output<typeof connectedAccountRecordSchema>;

export const activeTriggerRecordSchema = z.object({
  id: z.string().min(1),
  connectionId: z.string(),
  triggerName: z.string(),
  triggerConfig: jsonObject,
  triggerData: z.string().optional(),
  state: jsonObject,
  disabledReason: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  disabledAt: z.string().nullable(),
});
export type ActiveTriggerRecord = z.output<typeof activeTriggerRecordSchema>;

export const triggerLogRecordSchema = z.object({
  id: z.string().min(1),
  clientId: z.string(),
  connectionId: z.string(),
  appKey: z.string(),
  createdAt: timestamp,
  triggerName: z.string().nullable(),
  errorTrigger: z.string().nullable(),
  triggerClientError: z.string().nullable(),
  triggerClientPayload: z.string().nullable(),
  triggerProviderPayload: z.string().nullable(),
  triggerType: z.enum(["poll", "webhook"]).optional(),
  /** Set on the entries of a delivery to the callback URL: 1 for its first attempt, 2 for the first retry, ... */
  deliveryAttempt: z.int().min(1).optional(),
});
export type TriggerLogRecord = z.output<typeof triggerLogRecordSchema>;

/** The tenant's webhook settings: where events are delivered and the key that signs them. */
export const webhookSettingsSchema = z.object({
  callbackURL: z.string().optional(),
  /** Generated once per tenant (start.ts) and kept: consumers verify deliveries with it. */
  secret: z.string().optional(),
});
export type WebhookSettings = z.output<typeof webhookSettingsSchema>;

export const tenantStateSchema = z.object({
  integrations: z.array(integrationRecordSchema),
  connectedAccounts: z.array(connectedAccountRecordSchema),
  activeTriggers: z.array(activeTriggerRecordSchema),
  logs: z.array(triggerLogRecordSchema),
  /** Absent in data files written before webhooks existed. */
  webhook: webhookSettingsSchema.default({}),
});
export type TenantState = z.output<typeof tenantStateSchema>;

export const emptyTenantState = (): TenantState => ({
  integrations: [],
  connectedAccounts: [],
  activeTriggers: [],
  logs: [],
  webhook: {},
});
