/** The pinned `pulumi` CLI for tests: built by `npm run pulumi`, which `npm test` runs first. */
import { builtCli } from "../../tools/pulumi/cli";
import type { PulumiCli } from "../../tools/pulumi/cli";

export function pinnedCli(): PulumiCli {
  const cli = builtCli();
  if (!cli)
    throw new Error("The pinned pulumi CLI is not built: run `npm run pulumi` first (npm test does).");
  return cli;
}
