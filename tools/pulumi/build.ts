/**
 * `npm run pulumi`: makes the pinned `pulumi` CLI available (builds it on the first run) with the real Java
 * language host next to it (../pulumi-java), and prints where they are. Tests, the demo and the benchmarks
 * call the same `ensurePinnedCli`; the Java quickstart's test calls `ensureJavaHost`.
 */
import { ensureJavaHost } from "../pulumi-java/host";
import { ensurePinnedCli } from "./cli";

async function main(): Promise<void> {
  const cli = await ensurePinnedCli();
  console.log(`pulumi v${cli.version}: ${cli.bin}`);
  console.log(`pulumi-language-java: ${await ensureJavaHost(cli)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
