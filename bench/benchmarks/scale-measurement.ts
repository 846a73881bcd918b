/** What the scale benchmark records for one operation on one side at one N, and its summary over runs. */
import { median } from "../support/stats";
import type { StateSize } from "../support/state-size";

/** The two ways programs reach the handlers: Pulumi's dynamic-provider host, or the provider plugin. */
export type FrontEnd = "dynamic" | "plugin";
/** Each front end with the real handlers, and beside it its null provider (the same program shape, no I/O). */
export type Side = "dynamic" | "dynamic-null" | "plugin" | "plugin-null";
export type Phase = "up" | "no-op up" | "destroy";

export interface SideInfo {
  side: Side;
  frontEnd: FrontEnd;
  isNull: boolean;
  label: string;
}

/** In the order of the first run; every other run goes the other way (see scale.ts). */
export const SIDES: readonly SideInfo[] = [
  { side: "dynamic-null", frontEnd: "dynamic", isNull: true, label: "null dynamic provider" },
  { side: "dynamic", frontEnd: "dynamic", isNull: false, label: "dynamic provider" },
  { side: "plugin-null", frontEnd: "plugin", isNull: true, label: "null plugin" },
  { side: "plugin", frontEnd: "plugin", isNull: false, label: "plugin" },
];

export const sideInfo = (side: Side): SideInfo => SIDES.find((info) => info.side === side) as SideInfo;
/** The side a front end's figures are measured against. */
export const nullSideOf = (frontEnd: FrontEnd): Side =>
  frontEnd === "dynamic" ? "dynamic-null" : "plugin-null";
export const realSideOf = (frontEnd: FrontEnd): Side => frontEnd;
export const FRONT_ENDS: readonly FrontEnd[] = ["dynamic", "plugin"];

export interface ScaleMeasurement {
  n: number;
  side: Side;
  phase: Phase;
  /** 1, 2, ...: the runs of one N are interleaved, command by command (see scale.ts). */
  run: number;
  wallMs: number;
  /** This process: the language host (and the emulator, on the real sides). */
  benchCpuMs: number;
  cliCpuMs: number;
  programCpuMs: number;
  providerCpuMs: number;
  peakCliKb: number;
  peakProgramKb: number;
  peakProviderKb: number;
  /** Highest sum of the RSS of the processes under this one (CLI, program, providers) in one sample. */
  peakTotalKb: number;
  /** The state after the operation; read after `up` only (`pulumi stack export` is a CLI run of its own). */
  state?: StateSize;
}

export interface ScaleSummary extends ScaleMeasurement {
  runs: number;
}

/**
 * One row per N, side and operation: medians of wall and CPU time, the highest RSS, over the runs; the state
 * of the run whose stored size is the median (the runs write the same state but for timestamps and ids).
 */
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
    const states = runs.flatMap((m) => (m.state ? [m.state] : []));
    const storedMedian = median(states.map((state) => state.storedBytes));
    const state = states.find((s) => s.storedBytes === storedMedian);
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
      ...(state === undefined ? {} : { state }),
    };
  });
}
