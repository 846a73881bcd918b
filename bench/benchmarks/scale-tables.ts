/** The scale benchmark's tables: wall time against the floor, cost per added resource, memory and CPU. */
import { kbToMb, ratio, round } from "../support/stats";
import type { Table } from "../support/table";
import type { Phase, ScaleMeasurement, ScaleSummary, Side } from "./scale-measurement";

const PHASES: Phase[] = ["up", "no-op up", "destroy"];
/** The targets set for the scale benchmark: ratio to the floor. */
const TARGETS: { phase: Phase; n?: number; maxRatio: number }[] = [
  { phase: "up", n: 200, maxRatio: 1.2 },
  { phase: "no-op up", maxRatio: 1.1 },
];

export function scaleTables(
  measurements: ScaleSummary[],
  {
    sizes,
    latencyMs,
    parallel,
    cliVersion,
  }: { sizes: number[]; latencyMs: number; parallel: number; cliVersion: string },
): Table[] {
  const find = (n: number, side: Side, phase: Phase) =>
    measurements.find((m) => m.n === n && m.side === side && m.phase === phase) as ScaleSummary;
  const wallRows = sizes.flatMap((n) =>
    PHASES.map((phase) => {
      const provider = find(n, "provider", phase);
      const floor = find(n, "floor", phase);
      const r = ratio(provider.wallMs, floor.wallMs);
      const target = TARGETS.find((t) => t.phase === phase && (t.n === undefined || t.n === n));
      return [
        n,
        phase,
        provider.runs,
        round(provider.wallMs / 1000, 1),
        round(floor.wallMs / 1000, 1),
        r,
        target ? `<= ${target.maxRatio}` : "-",
        target ? r <= target.maxRatio : null,
      ];
    }),
  );
  const perResourceRows = sizes.slice(1).flatMap((n, index) => {
    const previous = sizes[index] as number;
    return PHASES.map((phase) => {
      const slope = (side: Side, measure: (m: ScaleMeasurement) => number) =>
        round((measure(find(n, side, phase)) - measure(find(previous, side, phase))) / (n - previous), 1);
      const wall = (m: ScaleMeasurement) => m.wallMs;
      return [
        phase,
        `${previous} -> ${n}`,
        slope("provider", wall),
        slope("floor", wall),
        slope("provider", totalCpuMs),
        slope("floor", totalCpuMs),
      ];
    });
  });
  const usageRows = sizes.flatMap((n) =>
    PHASES.flatMap((phase) =>
      (["provider", "floor"] as const).map((side) => {
        const m = find(n, side, phase);
        return [
          n,
          phase,
          side,
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
  const largest = sizes[sizes.length - 1] as number;
  const stateOf = (side: Side) => find(largest, side, "up").stateBytes ?? 0;
  const tables: Table[] = [
    {
      title: `Scale: wall time, connectors vs the null-provider floor (pulumi CLI v${cliVersion}, emulator latency ${latencyMs} ms, --parallel ${parallel})`,
      columns: ["N", "Operation", "Runs", "Connectors (s)", "Floor (s)", "Ratio", "Target", "Met"],
      rows: wallRows,
      notes: [
        "Where there are several runs, times are medians (also in the other tables) and RSS the highest.",
        "Floor: the same program shape (N resources, same inputs and secrets) on a dynamic provider whose CRUD does no I/O.",
        "Each operation is run on the floor stack, then on the connectors stack, so that both see about the same machine load.",
        "Wall time of each CLI command, from its start to its exit. `up` and `destroy` skip their preview (`--skip-preview`), as the Automation API runs them.",
        `--parallel ${parallel}: 4 x CPUs, the CLI's default, passed explicitly. It bounds the provider steps the engine runs at once.`,
        `State after up at N=${largest}: ${round(stateOf("provider") / 1024)} KB (${round(stateOf("provider") / largest)} bytes per connector; floor ${round(stateOf("floor") / largest)}).`,
      ],
    },
  ];
  if (perResourceRows.length > 0)
    tables.push({
      title: "Scale: cost per added resource (ms per resource between two N)",
      columns: ["Operation", "N", "Connectors wall", "Floor wall", "Connectors CPU", "Floor CPU"],
      rows: perResourceRows,
      notes: [
        "Flat across the N ranges means linear scaling; growth means a per-resource cost that rises with N.",
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
      "RSS: VmHWM of each process (the CLI, the program, the dynamic provider); Total: the highest sum of their RSS, sampled every 100 ms. CPU: user + system, as last sampled before each process exited.",
      "Bench process: the language host the CLI runs the program through (tools/pulumi/language-host.ts, in the benchmark's own process), plus the in-process emulator on the connectors side.",
    ],
  });
  return tables;
}

/** CPU of every process taking part: the CLI, the program, the provider and this one. */
function totalCpuMs(m: ScaleMeasurement): number {
  return m.cliCpuMs + m.programCpuMs + m.providerCpuMs + m.benchCpuMs;
}
