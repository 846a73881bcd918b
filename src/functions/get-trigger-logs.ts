import * as pulumi from "@pulumi/pulumi";
import { collect, type TriggerLog } from "../client";
import { clientFor, outputOf, type FunctionOptions, type OutputFunctionOptions } from "./client-for";
import { cachedQuery } from "./query-cache";

export interface GetTriggerLogsArgs {
  connectionId?: string;
  integrationId?: string;
  /** Items per request, 1..100 (default 100). */
  limit?: number;
  /** Stop after this many entries (default: all pages). Entries come newest first. */
  maxItems?: number;
}

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
  return cachedQuery("getTriggerLogs", client, { ...args }, async (query) => ({
    logs: await collect(client.triggerLogs(query)),
  }));
}

/** `getTriggerLogs` taking Inputs; the result is an Output. */
export function getTriggerLogsOutput(
  args: GetTriggerLogsOutputArgs = {},
  opts: OutputFunctionOptions = {},
): pulumi.Output<GetTriggerLogsResult> {
  return outputOf(args, opts, getTriggerLogs);
}
