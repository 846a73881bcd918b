/**
 * pulumi-integrations: Pulumi resources and data functions for the connectors (integrations) of the
 * Trigger and Integration Management API, and the typed client they are built on.
 */
export { Connector, type ConnectorArgs } from "./dynamic/connector";
export { IntegrationState, type IntegrationStateArgs } from "./dynamic/integration-state";
export { ConnectedAccount, type ConnectedAccountArgs } from "./dynamic/connected-account";
export { TriggerInstance, type TriggerInstanceArgs } from "./dynamic/trigger-instance";
export { TriggerWebhook, type TriggerWebhookArgs } from "./dynamic/trigger-webhook";
export type { InputsOf } from "./dynamic/inputs-of";
export type { ConnectionArgs, WithConnectionArg } from "./dynamic/connection-arg";
export type {
  AppSelector,
  ConnectorInputs,
  DeletionPolicy,
  NameSelector,
} from "./resources/connector/definition";
export type { ConnectorOutputs } from "./resources/connector/definition";
export type { IntegrationStateInputs, OnDeletePolicy } from "./resources/integration-state/definition";
export type { IntegrationStateOutputs } from "./resources/integration-state/definition";
export type { ConnectedAccountInputs } from "./resources/connected-account/definition";
export type { ConnectedAccountOutputs } from "./resources/connected-account/definition";
export type { TriggerInstanceInputs } from "./resources/trigger-instance/definition";
export type { TriggerInstanceOutputs } from "./resources/trigger-instance/definition";
export type { TriggerWebhookInputs, TriggerWebhookOutputs } from "./resources/trigger-webhook/definition";
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
