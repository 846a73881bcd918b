/** The fleet benchmark's tables (./fleet.ts): one row per fleet and phase, and the probe client's 429s. */
import os from "node:os";
import { kbToMb, ratio, round } from "../support/stats";
import { BENCH_PARALLEL } from "../support/stacks";
import type { Table } from "../support/table";
import type { FleetCaseResult, FleetSize, PhaseFigures } from "./fleet-run";

const TARGET_WALL_TO_FLOOR = 1.25;
const TARGET_PER_CONNECTOR = 1.1;

export function fleetTables(
  results: FleetCaseResult[],
  settings: FleetSize & { probePerSecond: number; capPerStack: number },
): Table[] {
  const { stacks, connectors, ratePerSecond } = settings;
  const cap = round(settings.capPerStack, 2);
  const withProbe = results.filter((result) => !result.nullProvider);
  return [
    {
      title: `Fleet: ${stacks} stacks × ${connectors} connectors at once on one key limited to ${ratePerSecond} requests/s (Automation API inline programs, pulumi CLI --parallel ${BENCH_PARALLEL}, emulator latency ${settings.latencyMs} ms)`,
      columns: [
        "Fleet",
        "Phase",
        "Wall (s)",
        "Rate floor (s)",
        "Wall ÷ floor",
        "Requests (429s)",
        "Per connector",
        "Failed stacks",
        "Duplicates",
        "Leftovers",
        "Peak memory (MB)",
        `CPU (s; % of ${os.cpus().length} cores)`,
      ],
      rows: results.flatMap((result) => result.phases.map((phase) => row(result, phase))),
      notes: [
        `Capped: INTEGRATIONS_MAX_REQUESTS_PER_SECOND=${cap} in every stack's environment ((${ratePerSecond} − ${settings.probePerSecond}) ÷ ${stacks}: the fleet leaves ${settings.probePerSecond} requests/s to the probe client). A provider that does not read the setting yet runs as without it.`,
        `Wall: from the start of the ${stacks} operations (each \`up\`/\`destroy\` as the Automation API runs it, --skip-preview) to the end of the last. Rate floor: every answered (non-429) request on the key in the phase, the probe client's included, ÷ ${ratePerSecond}/s. Target: wall ÷ floor ≤ ${TARGET_WALL_TO_FLOOR} (it means little where few requests are needed: the no-op up, and the null plugin, whose CPU bound is its wall time).`,
        `Requests: the fleet's answered requests (the emulator's request log, less the probe client's); 429s: the fleet's. Per connector: requests ÷ ${stacks * connectors}, every stack's one read of the account (client_info) included. Target ≤ ${TARGET_PER_CONNECTOR} for up and destroy: one write per connector and little else (before this release each create also listed its app's connectors, one page per 100 of them).`,
        "Failed stacks: operations that failed (the CLI's error lines in the data). Duplicates, after up and no-op up: live connectors beyond one per name, or beyond the connectors the stacks' states hold, whichever is more. Leftovers: live connectors after destroy.",
        "Peak memory: highest sum of RSS in one 100 ms sample over this process (which runs the inline programs) and every process it started (CLIs, providers) but the emulator. CPU: their CPU time in the phase, and as a share of the cores over the wall time.",
      ],
    },
    {
      title: `Another client on the same key during \`up\`: ${settings.probePerSecond} requests/s of GET client_info, without retries`,
      columns: [
        "Fleet",
        "Cap per stack (req/s)",
        "Up wall (s)",
        "Client requests",
        "Client 429s",
        "Fleet 429s",
      ],
      rows: withProbe.map((result) => {
        const up = result.phases.find((phase) => phase.phase === "up");
        return [
          result.label,
          result.capPerStack === null ? "none" : round(result.capPerStack, 2),
          up ? round(up.wallMs / 1000, 1) : null,
          up?.probe?.sent ?? null,
          up?.probe ? `${up.probe.throttled}${up.probe.failed ? ` (+${up.probe.failed} failed)` : ""}` : null,
          up?.throttled ?? null,
        ];
      }),
      notes: [
        "Without a cap every provider process paces itself by the 429s it meets alone; with one, the fleet should leave the client its share, and the client's 429s should drop to about none.",
      ],
    },
  ];
}

function row(result: FleetCaseResult, phase: PhaseFigures): (string | number | null)[] {
  const cores = os.cpus().length;
  const duplicates = phase.duplicates
    ? Math.max(phase.duplicates.sameName, phase.duplicates.untracked)
    : null;
  const cpuShare = phase.wallMs > 0 ? Math.round((phase.cpuMs / (phase.wallMs * cores)) * 100) : 0;
  return [
    result.label,
    phase.phase,
    round(phase.wallMs / 1000, 1),
    round(phase.rateFloorMs / 1000, 1),
    ratio(phase.wallMs, phase.rateFloorMs),
    `${phase.requests} (${phase.throttled})`,
    round(phase.requestsPerConnector, 2),
    phase.failedStacks,
    duplicates,
    phase.leftovers ?? null,
    kbToMb(phase.peakMemoryKb),
    `${round(phase.cpuMs / 1000, 1)}; ${cpuShare}%`,
  ];
}
