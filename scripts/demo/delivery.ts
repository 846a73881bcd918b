/** Fires a trigger instance on the emulator and waits for the receiver to get and verify the event. */
import { setTimeout as sleep } from "node:timers/promises";
import type { RunningEmulator } from "../../src/emulator";
import { fireOnRunningEmulator } from "../../src/emulator/fire-command";
import type { Delivery } from "../../examples/triggers-as-code/receiver";

const WAIT_MS = 15_000;

export async function fireAndAwaitDelivery(
  emulator: RunningEmulator,
  instanceId: string,
  deliveries: Delivery[],
): Promise<Delivery> {
  const already = deliveries.length;
  await fireOnRunningEmulator(emulator.url, emulator.apiKey, instanceId);
  for (const deadline = Date.now() + WAIT_MS; Date.now() < deadline; await sleep(50)) {
    const delivery = deliveries[already];
    if (delivery) return delivery;
  }
  throw new Error(`no verified delivery reached the receiver within ${WAIT_MS / 1000} s`);
}
