/**
 * The docs examples' programs the pinned generators get wrong and no PCL program avoids, by example and
 * language, each with the fault. `npm run examples` writes no file for them, so the docs of that language show
 * no example there (Pulumi's doc filter drops an example without a snippet of the language).
 * test/plugin/docs-examples.test.ts checks that each is still wrong (its generator fails, or its program does
 * not compile): a generator that gets one right fails the test until the entry goes.
 */
import type { ExampleLanguage } from "../../src/plugin/schema/examples";

export const GENERATOR_FAULTS: Readonly<Record<string, Partial<Record<ExampleLanguage, string>>>> = {
  getApps: {
    go:
      "pkg/v3 v3.259.0's Go generator passes a function without inputs an arguments map it does not take " +
      "(`integrations.GetApps(ctx, map[string]interface{}{}, nil)`)",
    java: "pulumi-java v1.16.0's generator panics writing the arguments of a function without inputs",
  },
  getConnector: {
    go:
      "pkg/v3 v3.259.0's Go generator calls `integrations.GetConnectorOutput` with `GetConnectorOutputArgs`; " +
      "the Go SDK names them LookupConnectorOutput and LookupConnectorOutputArgs (its GetConnector reads a " +
      "Connector resource), which the generator finds for a function of a module but not of `index`",
  },
  IntegrationState: {
    java:
      "pulumi-java v1.16.0's generator writes an enum input (`onDelete`) as a string, which the SDK's builder " +
      "does not take",
  },
};

/** Whether the generators are known to get this example's program in this language wrong. */
export function isKnownFault(name: string, language: ExampleLanguage): boolean {
  return GENERATOR_FAULTS[name]?.[language] !== undefined;
}
