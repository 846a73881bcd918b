/**
 * `npm run pulumi`: makes the pinned `pulumi` CLI available (builds it on the first run) and prints where it
 * is. Tests, the demo and the benchmarks call the same `ensurePinnedCli`.
 */
import { ensurePinnedCli } from "./cli";

ensurePinnedCli().then(
  (cli) => console.log(`pulumi v${cli.version}: ${cli.bin}`),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
