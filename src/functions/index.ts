/**
 * Data functions: read apps, connectors, connected accounts, triggers, active trigger instances and
 * trigger logs from a Pulumi program.
 */
export type { FunctionOptions, OutputFunctionOptions } from "./client-for";
export type { ConnectedAccountInfo } from "./definitions";
export {
  getActiveTriggers,
  getActiveTriggersOutput,
  type GetActiveTriggersArgs,
  type GetActiveTriggersOutputArgs,
  type GetActiveTriggersResult,
} from "./get-active-triggers";
export {
  getTriggerLogs,
  getTriggerLogsOutput,
  type GetTriggerLogsArgs,
  type GetTriggerLogsOutputArgs,
  type GetTriggerLogsResult,
} from "./get-trigger-logs";
export { getApps, getAppsOutput, type GetAppsResult } from "./get-apps";
export {
  getConnector,
  getConnectorOutput,
  type GetConnectorArgs,
  type GetConnectorOutputArgs,
  type GetConnectorResult,
} from "./get-connector";
export { ConnectorNotFoundError, type ConnectorLookup } from "./connector-not-found";
export {
  getConnectedAccounts,
  getConnectedAccountsOutput,
  type GetConnectedAccountsArgs,
  type GetConnectedAccountsOutputArgs,
  type GetConnectedAccountsResult,
} from "./get-connected-accounts";
export {
  getTriggers,
  getTriggersOutput,
  type GetTriggersArgs,
  type GetTriggersOutputArgs,
  type GetTriggersResult,
} from "./get-triggers";
export type { ActiveTrigger, ConnectorRecord, Trigger, TriggerLog } from "../client";
