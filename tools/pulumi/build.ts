/**
 * `npm run pulumi`: makes the pinned `pulumi` CLI available (builds it on the first run) with the real YAML
 * language host and converter (../pulumi-yaml) next to it, and the real Java language host (../pulumi-java),
 * which the Java programs' stacks install as a plugin, and prints where they are. Tests, the demo and the benchmarks call the same `ensurePinnedCli` (which builds
 * the YAML hosts too); the Java quickstart's test calls `ensureJavaHost`.
 */
import { ensureJavaHost } from "../pulumi-java/host";
import { ensurePinnedCli } from "./cli";

async function main(): Promise<void> {
  const cli = await ensurePinnedCli();
  console.log(`pulumi v${cli.version}: ${cli.bin}`);
  console.log(`pulumi-language-yaml and pulumi-converter-yaml v${cli.yamlVersion}: beside it in ${cli.dir}`);
  console.log(`pulumi-language-java: ${await ensureJavaHost()}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
