/**
 * pulumi-integrations: Pulumi resources and data functions for the connectors (integrations) of the
 * Trigger and Integration Management API, and the typed client they are built on.
 */
export { Connector, type ConnectorArgs } from "./resources/connector";
export { IntegrationState, type IntegrationStateArgs } from "./resources/integration-state";
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
export * from "./functions";
export * from "./client";
export {
  resolveSettings,
  SettingsError,
  SETTINGS_KEYS,
  SETTINGS_ENV,
  type ConfigSource,
  type Settings,
} from "./settings";
