/**
 * pulumi-integrations: Pulumi resources and data functions for the connectors (integrations) of the
 * Trigger and Integration Management API, and the typed client they are built on.
 */
export { Connector, type ConnectorArgs } from "./resources/connector";
export { IntegrationState, type IntegrationStateArgs } from "./resources/integration-state";
export { ConnectedAccount, type ConnectedAccountArgs } from "./resources/connected-account";
export { TriggerInstance, type TriggerInstanceArgs } from "./resources/trigger-instance";
export { TriggerWebhook, type TriggerWebhookArgs } from "./resources/trigger-webhook";
export type { InputsOf } from "./resources/inputs-of";
export type { ConnectionArgs, WithConnectionArg } from "./resources/connection-arg";
export type {
  AppSelector,
  ConnectorInputs,
  DeletionPolicy,
  NameSelector,
} from "./providers/connector-inputs";
export type { ConnectorOutputs } from "./providers/connector-outputs";
export type { IntegrationStateInputs, OnDeletePolicy } from "./providers/integration-state-inputs";
export type { IntegrationStateOutputs } from "./providers/integration-state-outputs";
export type { ConnectedAccountInputs } from "./providers/connected-account-inputs";
export type { ConnectedAccountOutputs } from "./providers/connected-account";
export type { TriggerInstanceInputs } from "./providers/trigger-instance-inputs";
export type { TriggerInstanceOutputs } from "./providers/trigger-instance";
export type { TriggerWebhookInputs, TriggerWebhookOutputs } from "./providers/trigger-webhook";
export * from "./functions";
export * from "./webhooks";
export * from "./client";
export {
  resolveSettings,
  SettingsError,
  SETTINGS_KEYS,
  SETTINGS_ENV,
  type ConfigSource,
  type Settings,
} from "./settings";
