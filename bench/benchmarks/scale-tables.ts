/**
 * The scale benchmark's tables: each front end's wall time beside its null provider, the state per connector,
 * the cost per added resource, memory and CPU. Every target is reported as met or missed, with its cause: for
 * a time, the wall time and the CPU per process beyond the null provider; for the state, what the connector's
 * record is made of beside the null provider's.
 */
import { kbToMb, ratio, round } from "../support/stats";
import type { Table } from "../support/table";
import {
  FRONT_ENDS,
  nullSideOf,
  realSideOf,
  sideInfo,
  SIDES,
  type FrontEnd,
  type Phase,
  type ScaleMeasurement,
  type ScaleSummary,
  type Side,
} from "./scale-measurement";

const PHASES: Phase[] = ["up", "no-op up", "destroy"];
/** Wall time, as a ratio to the front end's null provider. */
const TIME_TARGETS: { phase: Phase; n?: number; maxRatio: number }[] = [
  { phase: "up", n: 200, maxRatio: 1.2 },
  { phase: "no-op up", maxRatio: 1.1 },
];
/** One connector's record in the stored state (1 KB = 1,024 bytes). */
export const STATE_TARGETS: Record<FrontEnd, number> = { dynamic: 6 * 1024, plugin: 1.5 * 1024 };

const FRONT_END_LABELS: Record<FrontEnd, string> = { dynamic: "dynamic provider", plugin: "plugin" };

export function scaleTables(
  measurements: ScaleSummary[],
  options: {
    sizes: number[];
    latencyMs: number;
    parallel: number;
    cliVersion: string;
    pluginVersions: Partial<Record<Side, string>>;
  },
): Table[] {
  const { sizes } = options;
  const find = (n: number, side: Side, phase: Phase) => {
    const found = measurements.find((m) => m.n === n && m.side === side && m.phase === phase);
    if (!found) throw new Error(`no measurement of ${phase} at N=${n} on the ${sideInfo(side).label}`);
    return found;
  };
  const timeRows = sizes.flatMap((n) =>
    PHASES.flatMap((phase) =>
      FRONT_ENDS.map((frontEnd) => {
        const real = find(n, realSideOf(frontEnd), phase);
        const floor = find(n, nullSideOf(frontEnd), phase);
        const r = ratio(real.wallMs, floor.wallMs);
        const target = TIME_TARGETS.find((t) => t.phase === phase && (t.n === undefined || t.n === n));
        return [
          n,
          phase,
          FRONT_END_LABELS[frontEnd],
          real.runs,
          round(real.wallMs / 1000, 1),
          round(floor.wallMs / 1000, 1),
          r,
          target ? `<= ${target.maxRatio}` : "-",
          target ? (r <= target.maxRatio ? "met" : "missed") : "-",
          timeCause(real, floor),
        ];
      }),
    ),
  );
  const stateRows = sizes.flatMap((n) =>
    SIDES.map(({ side, frontEnd, isNull }) => {
      const state = find(n, side, "up").state;
      if (!state) throw new Error(`no state read after up at N=${n} on the ${sideInfo(side).label}`);
      const { record } = state;
      const target = isNull ? undefined : STATE_TARGETS[frontEnd];
      const floor = find(n, nullSideOf(frontEnd), "up").state?.record;
      return [
        n,
        sideInfo(side).label,
        round(state.exportBytes / n),
        round(state.storedBytes / n),
        record.total,
        record.engine,
        record.inputs,
        record.outputs,
        record.provider,
        record.provider > 0 ? `${round((100 * record.provider) / record.total)} %` : "-",
        target === undefined ? "-" : `<= ${target}`,
        target === undefined ? "-" : record.total <= target ? "met" : "missed",
        target === undefined || floor === undefined ? "-" : stateCause(record, target, floor, frontEnd),
      ];
    }),
  );
  const perResourceRows = sizes.slice(1).flatMap((n, index) => {
    const previous = sizes[index] as number;
    return PHASES.map((phase) => {
      const slope = (side: Side, measure: (m: ScaleMeasurement) => number) =>
        round((measure(find(n, side, phase)) - measure(find(previous, side, phase))) / (n - previous), 1);
      return [
        phase,
        `${previous} -> ${n}`,
        ...SIDES.map(({ side }) => slope(side, (m) => m.wallMs)),
        ...SIDES.map(({ side }) => slope(side, totalCpuMs)),
      ];
    });
  });
  const usageRows = sizes.flatMap((n) =>
    PHASES.flatMap((phase) =>
      SIDES.map(({ side, label }) => {
        const m = find(n, side, phase);
        return [
          n,
          phase,
          label,
          kbToMb(m.peakCliKb),
          kbToMb(m.peakProgramKb),
          kbToMb(m.peakProviderKb),
          kbToMb(m.peakTotalKb),
          round(m.cliCpuMs / 1000, 1),
          round(m.programCpuMs / 1000, 1),
          round(m.providerCpuMs / 1000, 1),
          round(m.benchCpuMs / 1000, 1),
        ];
      }),
    ),
  );
  const versions = Object.entries(options.pluginVersions)
    .map(([side, version]) => `${sideInfo(side as Side).label} ${version}`)
    .join(", ");
  const tables: Table[] = [
    {
      title: `Scale: wall time, each front end beside its null provider (pulumi CLI v${options.cliVersion}, emulator latency ${options.latencyMs} ms, --parallel ${options.parallel})`,
      columns: [
        "N",
        "Operation",
        "Front end",
        "Runs",
        "Front end (s)",
        "Its null provider (s)",
        "Ratio",
        "Target",
        "Met",
        "Cause",
      ],
      rows: timeRows,
      notes: [
        "Times are medians of the runs (also in the other tables); RSS the highest.",
        "Null providers: the same program shape (N connectors, the same inputs and secrets) doing no I/O. For the dynamic provider, a dynamic provider whose CRUD returns its inputs, with the same outputs registered (bench/programs/null-connectors). For the plugin, the plugin's own server (src/plugin/server.ts) with handlers that return their inputs, installed from a tarball as another version of the plugin and asked for by the program with the `version` resource option (bench/plugin/null-plugin.ts); its provider's CheckConfig resolves the account as the real one's does (one request per deployment).",
        `Plugins installed: ${versions}.`,
        "The runs are interleaved: each command on the four stacks in turn, every other run in the opposite order.",
        "Wall time of each CLI command, from its start to its exit. `up` and `destroy` skip their preview (`--skip-preview`), as the Automation API runs them.",
        `--parallel ${options.parallel}: 4 x CPUs, the CLI's default, passed explicitly. It bounds the provider steps the engine runs at once.`,
        "Cause: the difference in wall time, and in CPU time per process (the program, the provider, the CLI, and this process: the language host and, on the real sides, the emulator).",
      ],
    },
    {
      title: "Scale: state per connector after up (bytes)",
      columns: [
        "N",
        "Side",
        "Export / N",
        "Stored / N",
        "Connector's record",
        "Engine's fields",
        "Inputs",
        "Outputs",
        "__provider",
        "__provider share",
        "Target",
        "Met",
        "Cause",
      ],
      rows: stateRows,
      notes: [
        "Export / N: the size of `pulumi stack export` (indented JSON) over N. Stored / N: the checkpoint file the file backend writes after every step (compact JSON: what each write pays) over N. Both include the stack and provider resources.",
        "Connector's record: one connector's resource in the state, as compact JSON, the mean over the N connectors, split into the engine's own fields (URN, type, parent, provider reference, property dependencies, timestamps, the program's stack trace), its inputs and its outputs (both without `__provider`), and `__provider`: the serialized dynamic provider, stored in the inputs and again in the outputs.",
        "Target: the connector's record as stored, at most 1.5 KB through the plugin and 6 KB through the dynamic provider (1 KB = 1,024 bytes).",
      ],
    },
  ];
  if (perResourceRows.length > 0)
    tables.push({
      title: "Scale: cost per added resource (ms per resource between two N)",
      columns: [
        "Operation",
        "N",
        ...SIDES.map(({ label }) => `${label}: wall`),
        ...SIDES.map(({ label }) => `${label}: CPU`),
      ],
      rows: perResourceRows,
      notes: [
        "Flat across the N ranges means linear scaling; growth means a per-resource cost that rises with N (each step writes the whole state).",
        "CPU: CLI + program + provider processes + this process, together. It varies less than wall time when other work shares the machine.",
      ],
    });
  tables.push({
    title: "Scale: peak RSS (MB) and CPU time (s) per process",
    columns: [
      "N",
      "Operation",
      "Side",
      "CLI RSS",
      "Program RSS",
      "Provider RSS",
      "Total RSS",
      "CLI CPU",
      "Program CPU",
      "Provider CPU",
      "Bench process CPU",
    ],
    rows: usageRows,
    notes: [
      "RSS: VmHWM of each process (the CLI, the program, the provider: Pulumi's dynamic-provider host or the plugin); Total: the highest sum of their RSS, sampled every 100 ms. CPU: user + system, as last sampled before each process exited.",
      "Bench process: the language host the CLI runs the program through (tools/pulumi/language-host.ts, in the benchmark's own process), plus the in-process emulator on the real sides.",
    ],
  });
  return tables;
}

/** CPU of every process taking part: the CLI, the program, the provider and this one. */
function totalCpuMs(m: ScaleMeasurement): number {
  return m.cliCpuMs + m.programCpuMs + m.providerCpuMs + m.benchCpuMs;
}

const signed = (ms: number) => `${ms >= 0 ? "+" : "-"}${round(Math.abs(ms) / 1000, 1)} s`;

/** Where a front end's extra time goes: its wall time and each process's CPU beyond its null provider's. */
function timeCause(real: ScaleMeasurement, floor: ScaleMeasurement): string {
  return (
    `${signed(real.wallMs - floor.wallMs)} wall; CPU beyond the null provider: ` +
    `program ${signed(real.programCpuMs - floor.programCpuMs)}, ` +
    `provider ${signed(real.providerCpuMs - floor.providerCpuMs)}, ` +
    `CLI ${signed(real.cliCpuMs - floor.cliCpuMs)}, ` +
    `language host and emulator ${signed(real.benchCpuMs - floor.benchCpuMs)}`
  );
}

/** What a connector's record is made of, against its target and beside its null provider's. */
function stateCause(
  record: NonNullable<ScaleSummary["state"]>["record"],
  target: number,
  floor: NonNullable<ScaleSummary["state"]>["record"],
  frontEnd: FrontEnd,
): string {
  const margin =
    record.total <= target ? `${target - record.total} B within` : `${record.total - target} B over`;
  const provider = record.provider > 0 ? `, __provider ${record.provider} B` : "";
  const floorLabel = sideInfo(nullSideOf(frontEnd)).label;
  return (
    `${margin}: the engine's fields ${record.engine} B, inputs ${record.inputs} B, outputs ${record.outputs} B` +
    `${provider}; the ${floorLabel}'s record ${floor.total} B (engine's fields ${floor.engine} B)`
  );
}
