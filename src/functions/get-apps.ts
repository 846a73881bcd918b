import * as pulumi from "@pulumi/pulumi";
import type { App } from "../client";
import { clientFor, outputOf, type FunctionOptions, type OutputFunctionOptions } from "./client-for";
import { getAppsDefinition } from "./definitions";
import { cachedQuery } from "./query-cache";

export interface GetAppsResult {
  /** The catalog's apps (`GET /api/v1/apps`), e.g. to pick an `appName` or an auth scheme. */
  apps: App[];
}

/** Every app of the catalog. */
export async function getApps(opts: FunctionOptions = {}): Promise<GetAppsResult> {
  const client = clientFor(opts);
  return cachedQuery(getAppsDefinition.name, client, {}, () => getAppsDefinition.query(client));
}

/** `getApps` with `connection` as an Input; the result is an Output. */
export function getAppsOutput(opts: OutputFunctionOptions = {}): pulumi.Output<GetAppsResult> {
  return outputOf({}, opts, (_none, resolved) => getApps(resolved));
}
