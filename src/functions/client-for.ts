import * as pulumi from "@pulumi/pulumi";
import type { ApiClient, ClientSettings } from "../client";
import { sharedClient } from "../client/shared-clients";
import type { ConnectionArgs } from "../program-connection";
import { programConfigSource } from "../program-config";
import { resolveSettings } from "../settings";

/** How a data function reaches the API. Default: the stack config / environment of the program. */
export interface FunctionOptions {
  /** Use this client (its base URL and key). */
  client?: ApiClient;
  /** Or build a client from these settings instead of the stack config. */
  settings?: ClientSettings;
  /** Or read from this account (the stack config gives the timeout, retries and concurrency cap). */
  connection?: { baseUrl: string; apiKey: string };
}

/** The options of the `...Output` functions: `connection` may be an Input (e.g. a secret from config). */
export type OutputFunctionOptions = Omit<FunctionOptions, "connection"> & {
  connection?: pulumi.Input<ConnectionArgs>;
};

/** The options' client, or the program's shared client for the given settings or the stack config. */
export function clientFor(options: FunctionOptions): ApiClient {
  if (options.client) return options.client;
  if (options.settings) return sharedClient(options.settings);
  return sharedClient(resolveSettings(programConfigSource(), process.env, options.connection));
}

/**
 * Runs a data function once its args and connection are known. The connection is unwrapped with
 * `unsecret`: the result does not hold the key, and a secret connection would otherwise make every
 * result secret. The args keep their own secretness.
 */
export function outputOf<A, R>(
  args: A,
  options: OutputFunctionOptions,
  run: (plain: pulumi.Unwrap<A>, options: FunctionOptions) => Promise<R>,
): pulumi.Output<R> {
  const { connection, ...rest } = options;
  const known =
    connection === undefined ? pulumi.output(undefined) : pulumi.unsecret(pulumi.output(connection));
  return pulumi
    .all([pulumi.output(args), known])
    .apply(([plain, resolved]) => run(plain as pulumi.Unwrap<A>, { ...rest, connection: resolved }));
}
