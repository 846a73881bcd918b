/** What the scale benchmark records for one operation on one side at one N, and its summary over runs. */
import { median } from "../support/stats";

export type Side = "provider" | "floor";
export type Phase = "up" | "no-op up" | "destroy";

export interface ScaleMeasurement {
  n: number;
  side: Side;
  phase: Phase;
  wallMs: number;
  /** This process: the language host (and the emulator, on the provider side). */
  benchCpuMs: number;
  cliCpuMs: number;
  programCpuMs: number;
  providerCpuMs: number;
  peakCliKb: number;
  peakProgramKb: number;
  peakProviderKb: number;
  /** Highest sum of the RSS of the processes under this one (CLI, program, providers) in one sample. */
  peakTotalKb: number;
  /** Size of the state (`pulumi stack export`) after the operation; read after `up` only. */
  stateBytes?: number;
}

export interface ScaleSummary extends ScaleMeasurement {
  runs: number;
}

/** One row per N, side and operation: medians of wall and CPU time, the highest RSS, over the runs. */
export function summarize(measurements: ScaleMeasurement[]): ScaleSummary[] {
  const groups = new Map<string, ScaleMeasurement[]>();
  for (const m of measurements) {
    const key = `${m.n} ${m.side} ${m.phase}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  return [...groups.values()].map((runs) => {
    const mid = (pick: (m: ScaleMeasurement) => number) => median(runs.map(pick));
    const max = (pick: (m: ScaleMeasurement) => number) => Math.max(...runs.map(pick));
    const first = runs[0] as ScaleMeasurement;
    return {
      ...first,
      runs: runs.length,
      wallMs: mid((m) => m.wallMs),
      benchCpuMs: mid((m) => m.benchCpuMs),
      cliCpuMs: mid((m) => m.cliCpuMs),
      programCpuMs: mid((m) => m.programCpuMs),
      providerCpuMs: mid((m) => m.providerCpuMs),
      peakCliKb: max((m) => m.peakCliKb),
      peakProgramKb: max((m) => m.peakProgramKb),
      peakProviderKb: max((m) => m.peakProviderKb),
      peakTotalKb: max((m) => m.peakTotalKb),
    };
  });
}
