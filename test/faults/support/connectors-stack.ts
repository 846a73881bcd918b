/** The `connectors` program of this suite, staged against the packed package, as a stack of the real CLI. */
import { join } from "node:path";
import { PulumiStack } from "../../../tools/pulumi/stack";
import { stageProgram } from "../../support/packed-package";
import { pinnedCli } from "../../support/pulumi-cli";

export const CONNECTOR_TYPE = "pulumi-nodejs:dynamic/integrations:Connector";

const PROGRAMS = join(__dirname, "..", "programs");

export interface ConnectorsStackOptions {
  baseUrl: string;
  apiKey: string;
  count: number;
  namePrefix: string;
  /** The value of every connector's authConfig.client_secret. */
  clientSecret: string;
  /** `integrations:maxRetries`; the provider's default when unset. */
  maxRetries?: number;
  /** Every n-th connector is created disabled (POST then PATCH). */
  disabledEvery?: number;
  /** `--parallel`. */
  parallel?: number;
  /** A folder that already holds the stack's backend (a copy of another stack's), and its config file. */
  existing?: { workDir: string; configFile: string };
}

/** Stages a program of test/faults/programs under a name of its own (test files run in parallel). */
export function stageFaultsProgram(program: string, stageName: string): Promise<string> {
  return stageProgram(join(PROGRAMS, program), stageName);
}

export function connectorsStack(programDir: string, options: ConnectorsStackOptions): Promise<PulumiStack> {
  return PulumiStack.create({
    cli: pinnedCli(),
    programDir,
    config: {
      "integrations:baseUrl": options.baseUrl,
      ...(options.maxRetries === undefined ? {} : { "integrations:maxRetries": String(options.maxRetries) }),
      count: String(options.count),
      namePrefix: options.namePrefix,
      disabledEvery: String(options.disabledEvery ?? 0),
    },
    secrets: { "integrations:apiKey": options.apiKey, clientSecret: options.clientSecret },
    parallel: options.parallel,
    ...options.existing,
  });
}

/** The Connector resources in the stack's state: URN name, id and the connector name they manage. */
export async function connectorsInState(
  stack: PulumiStack,
): Promise<{ resource: string; id: string; name: unknown; enabled: unknown }[]> {
  const resources = await stack.resources();
  return resources
    .filter((resource) => resource.type === CONNECTOR_TYPE && !resource.delete)
    .map((resource) => ({
      resource: resource.urn.split("::").at(-1) ?? resource.urn,
      id: resource.id ?? "",
      name: resource.outputs.name,
      enabled: resource.outputs.enabled,
    }));
}
