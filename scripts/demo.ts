/**
 * `npm run demo`: the examples against a local emulator, end to end.
 *
 * Starts the emulator with its data under .demo/ (so a second run sees what the first one created) and
 * the triggers-as-code receiver, then runs examples/quickstart and examples/triggers-as-code with the real
 * `pulumi` CLI when one is on PATH (file backend and passphrase under .demo/), otherwise with the
 * project's test engine, and prints what changed and the outputs. Last, it fires one trigger instance and
 * shows the event the receiver got and verified.
 *
 *   npm run demo                 create or update the stacks (a second run changes nothing)
 *   npm run demo -- --destroy    tear them down
 */
import { parseArgs } from "node:util";
import { startEmulator } from "../src/emulator";
import type { Delivery } from "../examples/triggers-as-code/receiver";
import { demoPaths, keepReceiverPort, keptReceiverPort, prepareDemo } from "./demo/workspace";
import { findPulumiCli, runWithCli } from "./demo/cli-runner";
import { runWithTestEngine } from "./demo/engine-runner";
import { fireAndAwaitDelivery } from "./demo/delivery";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { destroy: { type: "boolean", default: false } } });
  const operation = values.destroy ? "destroy" : "up";
  const paths = demoPaths();
  const demo = await prepareDemo(paths);
  // Loaded once prepareDemo has linked the package into the example, which it imports as users do.
  const { startReceiver } = await import("../examples/triggers-as-code/receiver");

  const emulator = await startEmulator({
    port: 0,
    apiKeys: [demo.apiKey],
    dataFile: paths.emulatorData,
    fixtures: demo.fixtures,
  });
  let webhookSecret: string | undefined;
  const deliveries: Delivery[] = [];
  const receiver = await startReceiver({
    port: keptReceiverPort(paths),
    secret: () => webhookSecret,
    onDelivery: (delivery) => deliveries.push(delivery),
  }).catch(() =>
    startReceiver({ port: 0, secret: () => webhookSecret, onDelivery: (d) => deliveries.push(d) }),
  );
  keepReceiverPort(paths, Number(new URL(receiver.url).port));
  console.log(`Emulator: ${emulator.url} (data in ${paths.relative(paths.emulatorData)})`);
  console.log(`Receiver: ${receiver.url}`);
  try {
    const cli = findPulumiCli();
    const run = cli ? runWithCli : runWithTestEngine;
    console.log(
      cli ? `Runner: the pulumi CLI (${cli})` : "Runner: the project's test engine (no pulumi CLI on PATH)",
    );
    const base = { operation, paths, demo, baseUrl: emulator.url } as const;
    for (const [title, stack] of [
      ["quickstart", demo.quickstart],
      ["triggers-as-code", demo.triggersAsCode(receiver.url)],
    ] as const) {
      console.log(`\n== examples/${title}`);
      const outcome = await run({ ...base, stack });
      if (outcome.code !== 0) return outcome.code;
      if (operation === "destroy" || title !== "triggers-as-code") continue;
      webhookSecret = String(outcome.outputs.webhookSecret);
      const instanceId = String(outcome.outputs.newCardsInstanceId);
      const delivery = await fireAndAwaitDelivery(emulator, instanceId, deliveries);
      console.log(`\nFired ${instanceId}; the receiver verified delivery ${delivery.id}:`);
      console.log(`  type: ${delivery.event.type}`);
      console.log(`  data: ${JSON.stringify(delivery.event.data)}`);
    }
    return 0;
  } finally {
    receiver.server.close();
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
