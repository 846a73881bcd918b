/**
 * (2) HTTP calls per operation: a few connectors go through every kind of command of the real `pulumi` CLI
 * against the emulator, and the emulator's request log counts what each command sent, per resource. The same
 * in accounts already holding 0, 1,000 and 5,000 connectors of the app (the emulator's fixtures), with names
 * and autonamed: nothing may cost more because the account holds more. Last, what one create costs when its
 * POST's response is lost (after the POST was applied), in each account: the only place where a listing is
 * spent, through the client.
 */
import { ApiClient } from "../../src/client";
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
  op("create (up)", "up", "create", "1 (the POST) + 1 per deployment", 1, 1, 1),
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
    const cases: Case[] = [];
    for (const held of ACCOUNT_SIZES) {
      for (const autoname of [false, true]) {
        context.progress(`http-budget: ${held} connectors held, ${autoname ? "autonamed" : "named"}`);
        cases.push({ held, autoname, measured: await measureCase(context, held, autoname) });
      }
    }
    context.progress("http-budget: a create whose response is lost");
    const lost = [];
    for (const held of ACCOUNT_SIZES) lost.push({ held, ...(await lostCreateCost(held)) });
    const caseName = (c: Case) =>
      `${c.held.toLocaleString("en")} held, ${c.autoname ? "autonamed" : "named"}`;
    return {
      tables: [
        {
          title: `HTTP calls per operation and resource (${COUNT} connectors, counted by the emulator's request log)`,
          columns: ["Operation", "Budget per resource", ...cases.map(caseName), "Within budget"],
          rows: OPERATIONS.map((operation, index) => [
            operation.label,
            operation.budget,
            ...cases.map((c) => c.measured[index]!.callsPerResource),
            cases.every((c) => withinBudget(c.measured[index]!)),
          ]),
          notes: [
            "Columns: the account held that many github connectors before the stack's first command (and the stack's program gave names, or left them to autonaming).",
            "Every request of the command is counted (program and provider); calls per resource leave out the one read per deployment of the account the provider reaches (client_info).",
            "Commands as the Automation API runs them: `up`, `refresh` and `destroy` with `--skip-preview`, so that each counts only its own requests; the previews are `pulumi preview`.",
            "`update authConfig` also reads the connector back (PATCH answers 204 without a body).",
            `Requests of the 0-held named case: ${cases[0]!.measured.map((m) => `${m.operation.label}: ${m.breakdown || "none"}`).join("; ")}.`,
          ],
        },
        {
          title:
            "One create whose POST's response is lost after the service applied it (client, maxRetries 4)",
          columns: ["Connectors of the app held", "Requests", "Of which listing pages", "Breakdown"],
          rows: lost.map((l) => [l.held.toLocaleString("en"), l.calls, l.listingPages, l.breakdown]),
          notes: [
            "The POST is sent again; its 409 sends the client to find the holder among the app's connectors (the listing cannot filter by name: one page per 100), to GET it (dated by the service's clock) and to set its authConfig again.",
          ],
        },
      ],
      data: {
        connectors: COUNT,
        cases: cases.map((c) => ({
          held: c.held,
          autoname: c.autoname,
          operations: c.measured.map(({ operation, ...figures }) => ({ ...operation, ...figures })),
        })),
        lostCreate: lost,
      },
    };
  },
};

/** Few connectors: the counts are per resource, and each command's fixed cost dominates its time. */
const COUNT = 5;
const ACCOUNT_SIZES = [0, 1_000, 5_000];
const KEY = "sk-http-budget-key";

interface Measured extends ReturnType<typeof countCalls> {
  operation: Operation;
  durationMs: number;
}

interface Case {
  held: number;
  autoname: boolean;
  measured: Measured[];
}

function withinBudget(m: Measured): boolean {
  return (
    m.callsPerResource <= m.operation.maxCallsPerResource &&
    m.writesPerResource <= m.operation.maxWritesPerResource
  );
}

/** An emulator whose one account already holds `held` github connectors. */
function emulatorHolding(held: number): Promise<RunningEmulator> {
  const integrations = Array.from({ length: held }, (_, index) => ({
    name: `held-${index}`,
    appName: "github",
    authScheme: "BEARER_TOKEN",
  }));
  return startEmulator({ port: 0, apiKeys: [KEY], fixtures: { tenants: { [KEY]: { integrations } } } });
}

async function measureCase(context: BenchmarkContext, held: number, autoname: boolean): Promise<Measured[]> {
  const programDir = await stageBenchProgram("connectors");
  const emulator = await emulatorHolding(held);
  const stack = await createBenchStack(programDir, {
    stack: "budget",
    emulator,
    settings: { count: COUNT, autoname },
  });
  const measured: Measured[] = [];
  try {
    for (const operation of OPERATIONS) {
      context.progress(`http-budget: ${operation.label}`);
      if (operation.settings) await applySettings(stack, { count: COUNT, autoname, ...operation.settings });
      emulator.requestLog.clear();
      const result = await runOperation(stack, operation.kind);
      assertSucceeded(operation.label, result);
      assertStepCount(result, operation.expectedStep, COUNT);
      measured.push({
        operation,
        ...countCalls(emulator, COUNT, operation.perDeployment),
        durationMs: result.durationMs,
      });
    }
  } finally {
    await stack.dispose();
    await emulator.close();
  }
  return measured;
}

/** The requests of one create whose POST was applied but answered with a reset, in an account of `held`. */
async function lostCreateCost(held: number) {
  const emulator = await emulatorHolding(held);
  const client = new ApiClient({ baseUrl: emulator.url, apiKey: KEY }, { retryDelayScaleMs: 1 });
  try {
    await client.getAccountId();
    emulator.setFaults({
      resetRate: 1,
      resetAfterHandler: true,
      remaining: 1,
      match: ["POST /api/v1/integrations"],
    });
    emulator.requestLog.clear();
    await client.createIntegration({
      name: "lost-create",
      appName: "github",
      authScheme: "OAUTH2",
      authConfig: { client_id: "id", client_secret: "secret" },
      forceNewIntegration: true,
    });
    const counted = countCalls(emulator, 1, 0);
    const listingPages = emulator.requestLog.count({ method: "GET", route: "/api/v1/integrations" });
    return { calls: counted.calls, listingPages, breakdown: counted.breakdown };
  } finally {
    client.close();
    await emulator.close();
  }
}

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
