/**
 * `npm run demo`: the examples against a local emulator, end to end, with the real `pulumi` CLI.
 *
 * Starts the emulator with its data under .demo/ (so a second run sees what the first one created) and
 * the triggers-as-code receiver, then runs `pulumi up` for examples/quickstart and examples/triggers-as-code
 * (a `pulumi` on PATH, 3.181 or later, or else the pinned one that `npm run pulumi` builds), with a file
 * backend and a passphrase under .demo/. Last, it fires one trigger instance and shows the event the
 * receiver got and verified.
 *
 *   npm run demo                 create or update the stacks (a second run changes nothing)
 *   npm run demo -- --destroy    tear them down
 */
import { parseArgs } from "node:util";
import { startEmulator } from "../src/emulator";
import type { Delivery } from "../examples/triggers-as-code/receiver";
import { cliOnPath, ensurePinnedCli } from "../tools/pulumi/cli";
import type { PulumiCli } from "../tools/pulumi/cli";
import { demoPaths, keepPort, keptPort, prepareDemo } from "./demo/workspace";
import { runDemoStack } from "./demo/run-stack";
import { fireAndAwaitDelivery } from "./demo/delivery";

async function demoCli(): Promise<PulumiCli> {
  const onPath = cliOnPath();
  if (onPath) {
    console.log(`Runner: pulumi v${onPath.version} (${onPath.bin})`);
    return onPath;
  }
  const pinned = await ensurePinnedCli();
  console.log(
    `Runner: pulumi v${pinned.version}, built from its Go modules by npm run pulumi (${pinned.bin})`,
  );
  return pinned;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { destroy: { type: "boolean", default: false } } });
  const operation = values.destroy ? "destroy" : "up";
  const cli = await demoCli();
  const paths = demoPaths();
  const demo = await prepareDemo(paths);
  // Loaded once prepareDemo has linked the package into the example, which it imports as users do.
  const { startReceiver } = await import("../examples/triggers-as-code/receiver");

  const emulatorOptions = { apiKeys: [demo.apiKey], dataFile: paths.emulatorData, fixtures: demo.fixtures };
  const keptEmulatorPort = keptPort(paths.emulatorPort);
  const emulator = await startEmulator({ ...emulatorOptions, port: keptEmulatorPort }).catch(() => {
    console.log(`Port ${keptEmulatorPort} is taken: the stacks' resources are recorded at that URL, so the`);
    console.log("demo's `up` moves them to the new one and a later --destroy needs that `up` first.");
    return startEmulator({ ...emulatorOptions, port: 0 });
  });
  keepPort(paths.emulatorPort, Number(new URL(emulator.url).port));
  let webhookSecret: string | undefined;
  const deliveries: Delivery[] = [];
  const receiver = await startReceiver({
    port: keptPort(paths.receiverPort),
    secret: () => webhookSecret,
    onDelivery: (delivery) => deliveries.push(delivery),
  }).catch(() =>
    startReceiver({ port: 0, secret: () => webhookSecret, onDelivery: (d) => deliveries.push(d) }),
  );
  keepPort(paths.receiverPort, Number(new URL(receiver.url).port));
  console.log(`Emulator: ${emulator.url} (data in ${paths.relative(paths.emulatorData)})`);
  console.log(`Receiver: ${receiver.url}`);
  try {
    const base = { cli, operation, paths, demo, baseUrl: emulator.url } as const;
    for (const [title, stack] of [
      ["quickstart", demo.quickstart],
      ["triggers-as-code", demo.triggersAsCode(receiver.url)],
    ] as const) {
      console.log(`\n== examples/${title}`);
      const outcome = await runDemoStack({ ...base, stack });
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
