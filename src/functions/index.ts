/** Data functions: read triggers, active trigger instances and trigger logs from a Pulumi program. */
export type { FunctionOptions, OutputFunctionOptions } from "./client-for";
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
export {
  getTriggers,
  getTriggersOutput,
  type GetTriggersArgs,
  type GetTriggersOutputArgs,
  type GetTriggersResult,
} from "./get-triggers";
export type { ActiveTrigger, ConnectorRecord, Trigger, TriggerLog } from "../client";
