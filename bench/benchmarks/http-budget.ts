/**
 * (2) HTTP calls per operation: a few connectors go through every kind of command of the real `pulumi` CLI
 * against the emulator, and the emulator's request log counts what each command sent, per resource.
 */
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import type { StepOp } from "../../tools/pulumi/types";
import { assertStepCount, runOperation } from "../support/measure";
import { round } from "../support/stats";
import { stageBenchProgram } from "../support/staging";
import { applySettings, assertSucceeded, createBenchStack, type ProgramSettings } from "../support/stacks";
import type { Benchmark, BenchmarkContext } from "../support/types";

interface Operation {
  label: string;
  kind: "preview" | "up" | "refresh" | "destroy";
  /** What the program is changed to before the operation. */
  settings?: Omit<ProgramSettings, "count">;
  /**
   * The step every connector must show, or the operation did not do what it is measured for. A refresh's
   * steps are `refresh` steps; `same` is then their result (nothing drifted).
   */
  expectedStep: StepOp;
  budget: string;
  maxCallsPerResource: number;
  maxWritesPerResource: number;
  /** Reads a deployment makes once, whatever its number of resources (the account). */
  perDeployment: number;
}

/**
 * Per resource, and per deployment: every deployment that creates, reads, diffs or deletes an object reads the
 * account its provider reaches once (client_info), to compare with where each object lives.
 */
const OPERATIONS: Operation[] = [
  op("check (preview of new connectors)", "preview", "create", "0", 0, 0, 0),
  op("create (up)", "up", "create", "2 (a listing, the POST) + 1 per deployment", 2, 1, 1),
  op("no-op up (check + diff)", "up", "same", "0 + 1 per deployment", 0, 0, 1),
  op("read (refresh)", "refresh", "refresh", "<= 1 read + 1 per deployment", 1, 0, 1),
  op("diff (preview of a change)", "preview", "update", "0 + 1 per deployment", 0, 0, 1, { enabled: false }),
  op("update enabled (up)", "up", "update", "<= 2 + 1 per deployment", 2, 2, 1, { enabled: false }),
  op("update authConfig (up)", "up", "update", "<= 2 + 1 per deployment", 2, 2, 1, {
    enabled: false,
    scopes: "repo,read:org",
  }),
  op("delete (destroy)", "destroy", "delete", "<= 1 + 1 per deployment", 1, 1, 1),
];

function op(
  label: string,
  kind: Operation["kind"],
  expectedStep: StepOp,
  budget: string,
  maxCallsPerResource: number,
  maxWritesPerResource: number,
  perDeployment: number,
  settings?: Operation["settings"],
): Operation {
  return {
    label,
    kind,
    expectedStep,
    budget,
    maxCallsPerResource,
    maxWritesPerResource,
    perDeployment,
    settings,
  };
}

export const httpBudget: Benchmark = {
  name: "http-budget",
  inDefaultRun: true,
  title: "HTTP calls per operation",
  async run(context: BenchmarkContext) {
    // Few connectors: the counts are per resource, and each command's fixed cost (CLI, program, provider
    // start) dominates its time.
    const count = 5;
    const programDir = await stageBenchProgram("connectors");
    const emulator = await startEmulator({ port: 0 });
    const stack = await createBenchStack(programDir, { stack: "budget", emulator, settings: { count } });
    const measured = [];
    try {
      for (const operation of OPERATIONS) {
        context.progress(`http-budget: ${operation.label}`);
        if (operation.settings) await applySettings(stack, { count, ...operation.settings });
        emulator.requestLog.clear();
        const result = await runOperation(stack, operation.kind);
        assertSucceeded(operation.label, result);
        assertStepCount(result, operation.expectedStep, count);
        measured.push({
          operation,
          ...countCalls(emulator, count, operation.perDeployment),
          durationMs: result.durationMs,
        });
      }
    } finally {
      await stack.dispose();
      await emulator.close();
    }
    return {
      tables: [
        {
          title: `HTTP calls per operation (${count} connectors, counted by the emulator's request log)`,
          columns: [
            "Operation",
            "Budget per resource",
            "Calls per resource",
            "Writes per resource",
            "Requests",
            "Within budget",
          ],
          rows: measured.map((m) => [
            m.operation.label,
            m.operation.budget,
            m.callsPerResource,
            m.writesPerResource,
            m.breakdown || "none",
            m.callsPerResource <= m.operation.maxCallsPerResource &&
              m.writesPerResource <= m.operation.maxWritesPerResource,
          ]),
          notes: [
            "Writes are POST, PATCH and DELETE; reads are GET. Every request of the command is counted (program and provider); calls per resource leave out the one read per deployment of the account the provider reaches (client_info).",
            "Commands as the Automation API runs them: `up`, `refresh` and `destroy` with `--skip-preview`, so that each counts only its own requests; the previews are `pulumi preview`.",
            "`update authConfig` also reads the connector back (PATCH answers 204 without a body).",
          ],
        },
      ],
      data: {
        connectors: count,
        operations: measured.map(({ operation, ...figures }) => ({ ...operation, ...figures })),
      },
    };
  },
};

function countCalls(emulator: RunningEmulator, count: number, perDeployment: number) {
  const entries = emulator.requestLog.entries();
  const writes = entries.filter((entry) => entry.method !== "GET" && entry.method !== "HEAD").length;
  const byRequest = new Map<string, number>();
  for (const entry of entries) {
    const key = `${entry.method} ${entry.route}`;
    byRequest.set(key, (byRequest.get(key) ?? 0) + 1);
  }
  return {
    calls: entries.length,
    writes,
    callsPerResource: round(Math.max(0, entries.length - perDeployment) / count, 2),
    writesPerResource: round(writes / count, 2),
    breakdown: [...byRequest].map(([request, n]) => `${n} x ${request}`).join(", "),
  };
}
