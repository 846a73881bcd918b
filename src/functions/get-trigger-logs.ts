import * as pulumi from "@pulumi/pulumi";
import type { TriggerLog } from "../client";
import { clientFor, outputOf, type FunctionOptions, type OutputFunctionOptions } from "./client-for";
import { getTriggerLogsDefinition, type ArgsOf } from "./definitions";
import { cachedQuery } from "./query-cache";

export type GetTriggerLogsArgs = ArgsOf<typeof getTriggerLogsDefinition>;

export interface GetTriggerLogsOutputArgs {
  connectionId?: pulumi.Input<string>;
  integrationId?: pulumi.Input<string>;
  limit?: pulumi.Input<number>;
  maxItems?: pulumi.Input<number>;
}

export interface GetTriggerLogsResult {
  logs: TriggerLog[];
}

/** Trigger log entries (newest first) for a connection and/or integration, every page (or the first `maxItems`). */
export async function getTriggerLogs(
  args: GetTriggerLogsArgs = {},
  opts: FunctionOptions = {},
): Promise<GetTriggerLogsResult> {
  const client = clientFor(opts);
  return cachedQuery(getTriggerLogsDefinition.name, client, { ...args }, (query) =>
    getTriggerLogsDefinition.query(client, query),
  );
}

/** `getTriggerLogs` taking Inputs; the result is an Output. */
export function getTriggerLogsOutput(
  args: GetTriggerLogsOutputArgs = {},
  opts: OutputFunctionOptions = {},
): pulumi.Output<GetTriggerLogsResult> {
  return outputOf(args, opts, getTriggerLogs);
}
