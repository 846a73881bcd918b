/**
 * Drives the emulator's fault knobs during an `up`: first a few creates whose response is lost after the
 * connector was made (so adoption by name is certainly exercised), then the random mix, with resets
 * switching between "before the handler" and "after the handler" every `flipEveryMs`.
 */
import type { FaultSettings, RunningEmulator } from "../../../src/emulator";

const CREATE_ROUTE = "POST /api/v1/integrations";

export interface FaultMixOptions {
  /** How many creates lose their response after the handler before the random mix starts. */
  lostCreatesFirst: number;
  flipEveryMs: number;
}

export interface RunningFaultMix {
  /** Stops injecting; returns how often the reset mode was switched. */
  stop(): { resetModeSwitches: number };
}

export function startFaultMix(
  emulator: RunningEmulator,
  mix: Partial<FaultSettings>,
  options: FaultMixOptions,
): RunningFaultMix {
  emulator.setFaults({
    resetRate: 1,
    resetAfterHandler: true,
    match: [CREATE_ROUTE],
    remaining: options.lostCreatesFirst,
  });
  let mixing = false;
  let resetAfterHandler = true;
  let resetModeSwitches = 0;
  const timer = setInterval(() => {
    if (!mixing) {
      if (emulator.faults().remaining !== 0) return;
      emulator.clearFaults();
      emulator.setFaults({ ...mix, resetAfterHandler });
      mixing = true;
      return;
    }
    resetAfterHandler = !resetAfterHandler;
    emulator.setFaults({ resetAfterHandler });
    resetModeSwitches++;
  }, options.flipEveryMs);
  return {
    stop() {
      clearInterval(timer);
      emulator.clearFaults();
      return { resetModeSwitches };
    },
  };
}
