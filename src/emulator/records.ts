/** The stored records (one schema per record: it types the store and validates a saved data file). */
import { z } from "zod";

const timestamp = z.string().min(1);
const jsonObject = z.record(z.string(), z.unknown());

export const expectedInputFieldSchema = z.object({
  name: z.string(),
  type: z.string(),
  description: z.string(),
  display_name: z.string(),
  default: z.union([z.string(), z.null(), jsonObject]),
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
  /** Connection parameters given on creation; reads omit the sensitive keys. */
  data: jsonObject,
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
});
export type TriggerLogRecord = z.output<typeof triggerLogRecordSchema>;

export const tenantStateSchema = z.object({
  integrations: z.array(integrationRecordSchema),
  connectedAccounts: z.array(connectedAccountRecordSchema),
  activeTriggers: z.array(activeTriggerRecordSchema),
  logs: z.array(triggerLogRecordSchema),
});
export type TenantState = z.output<typeof tenantStateSchema>;

export const emptyTenantState = (): TenantState => ({
  integrations: [],
  connectedAccounts: [],
  activeTriggers: [],
  logs: [],
});
