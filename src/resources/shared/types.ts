/**
 * The plain shapes the handlers speak: inputs in, outputs out. They match what Pulumi's dynamic-provider
 * host expects (so the shims can delegate as they are) without depending on `dynamic.Resource`, so the
 * same handlers can later serve a schema'd provider plugin.
 */

import type { ConfigSource } from "../../settings";

export interface ConfigureRequest {
  /** The stack config, with namespaced keys (`integrations:apiKey`). */
  config: ConfigSource;
  /**
   * The config's `integrations:accountId` was recorded by the plugin's CheckConfig from the account its key
   * reached, not chosen by the user: it still pins the key, but proves nothing about where an object lives.
   */
  accountRecorded?: boolean;
}

/** One invalid input: the property and the rule it breaks (never its value: it may be a secret). */
export interface CheckFailure {
  property: string;
  reason: string;
}

export interface CheckResult<Inputs> {
  /** The inputs with defaults filled; on failure, the inputs as received. */
  inputs: Inputs;
  failures: CheckFailure[];
}

export interface DiffResult {
  changes: boolean;
  replaces: string[];
  deleteBeforeReplace: boolean;
}

export interface CreateResult<Outputs> {
  id: string;
  outs: Outputs;
}

export interface ReadResult<Outputs, Inputs = never> {
  /** "" when the resource is gone: the engine then drops it from state. */
  id: string;
  props?: Outputs;
  /** The inputs the engine stores in place of the old ones (see `inputsOf` in connector-outputs.ts). */
  inputs?: Inputs;
}

export interface UpdateResult<Outputs> {
  outs: Outputs;
}

/** The handler object of one resource type, as `pulumi-integrations/dynamic` exports it. */
export interface ResourceHandlers<Inputs, Outputs> {
  configure(req: ConfigureRequest): Promise<void>;
  check(olds: Record<string, unknown>, news: Record<string, unknown>): Promise<CheckResult<Inputs>>;
  diff(id: string, olds: Outputs, news: Inputs): Promise<DiffResult>;
  create(inputs: Inputs): Promise<CreateResult<Outputs>>;
  read(id: string, props: Outputs): Promise<ReadResult<Outputs, Inputs>>;
  update(id: string, olds: Outputs, news: Inputs): Promise<UpdateResult<Outputs>>;
  delete(id: string, props: Outputs): Promise<void>;
}
