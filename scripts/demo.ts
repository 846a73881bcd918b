/**
 * `npm run demo`: the quickstart stack against a local emulator, end to end.
 *
 * Starts the emulator with its data under .demo/ (so a second run sees what the first one created), then
 * runs examples/quickstart with the real `pulumi` CLI when one is on PATH (file backend and passphrase
 * under .demo/), otherwise with the project's test engine, and prints what changed and the outputs.
 *
 *   npm run demo                 create or update the stack (a second run changes nothing)
 *   npm run demo -- --destroy    tear it down
 */
import { parseArgs } from "node:util";
import { startEmulator } from "../src/emulator";
import { demoPaths, prepareDemo } from "./demo/workspace";
import { findPulumiCli, runWithCli } from "./demo/cli-runner";
import { runWithTestEngine } from "./demo/engine-runner";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { destroy: { type: "boolean", default: false } } });
  const operation = values.destroy ? "destroy" : "up";
  const paths = demoPaths();
  const demo = await prepareDemo(paths);

  const emulator = await startEmulator({
    port: 0,
    apiKeys: [demo.apiKey],
    dataFile: paths.emulatorData,
    fixtures: demo.fixtures,
  });
  console.log(`Emulator: ${emulator.url} (data in ${paths.relative(paths.emulatorData)})`);
  try {
    const cli = findPulumiCli();
    const run = cli ? runWithCli : runWithTestEngine;
    console.log(
      cli ? `Runner: the pulumi CLI (${cli})` : "Runner: the project's test engine (no pulumi CLI on PATH)",
    );
    return await run({ operation, paths, demo, baseUrl: emulator.url });
  } finally {
    await emulator.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
