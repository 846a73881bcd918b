/**
 * (1) What the provider costs: the `__provider` text stored in state with every resource, per resource
 * type; the dynamic-provider process's cold start, from spawning it to its first completed Create
 * (Configure, Check and Create sent here over gRPC, as the engine sends them); and that process's peak RSS.
 */
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { peakRssKbOf } from "../support/process-usage";
import { ProviderProcess, wrapSecret } from "../support/provider-process";
import { kbToMb, median, round } from "../support/stats";
import { stageBenchProgram } from "../support/staging";
import type { Benchmark, BenchmarkContext } from "../support/types";

/** The serializer `pulumi.dynamic.Resource` uses for its provider. */
const { serializeFunction } = require("@pulumi/pulumi/runtime/closure/serializeClosure") as {
  serializeFunction(func: () => unknown, options: { allowSecrets: boolean }): Promise<{ text: string }>;
};

const COLD_STARTS = 5;
const CONNECTOR_TYPE = "pulumi-nodejs:dynamic/integrations:Connector";

interface ColdStart {
  portPrintedMs: number;
  firstCreateMs: number;
  peakRssKb: number;
}

export const providerCost: Benchmark = {
  name: "provider-cost",
  inDefaultRun: false,
  title: "Provider cost",
  async run(context: BenchmarkContext) {
    const programDir = await stageBenchProgram("connectors");
    const serialized = await serializedProviders(programDir);
    const emulator = await startEmulator({ port: 0 });
    const runs: ColdStart[] = [];
    try {
      for (let i = 0; i < COLD_STARTS; i++) {
        context.progress(`provider-cost: cold start ${i + 1}`);
        runs.push(await coldStart(programDir, emulator, serialized.Connector.text, i));
      }
    } finally {
      await emulator.close();
    }
    const summary = {
      portPrintedMs: median(runs.map((run) => run.portPrintedMs)),
      firstCreateMs: median(runs.map((run) => run.firstCreateMs)),
      peakRssKb: Math.max(...runs.map((run) => run.peakRssKb)),
    };
    return {
      tables: [
        {
          title: "Serialized `__provider` per resource type (stored in state with every resource)",
          columns: ["Resource type", "Bytes", "Requires"],
          rows: Object.entries(serialized).map(([type, { text }]) => [
            type,
            Buffer.byteLength(text),
            [...new Set([...text.matchAll(/require\(("[^"]*")\)/g)].map((match) => match[1]))].join(", "),
          ]),
          notes: [
            "Serialized from the npm-packed package with the SDK's own serializer, as `pulumi.dynamic.Resource` does.",
          ],
        },
        {
          title: `Dynamic-provider cold start (median of ${runs.length}; process started by the benchmark, driven over gRPC)`,
          columns: ["Measure", "Value", "Runs"],
          rows: [
            [
              "Spawn to port printed (ms, median)",
              round(summary.portPrintedMs),
              runs.map((run) => round(run.portPrintedMs)).join(", "),
            ],
            [
              "Spawn to first completed Create (ms, median)",
              round(summary.firstCreateMs),
              runs.map((run) => round(run.firstCreateMs)).join(", "),
            ],
            [
              "Peak RSS after the first Create (MB, max of runs)",
              kbToMb(summary.peakRssKb),
              runs.map((run) => kbToMb(run.peakRssKb)).join(", "),
            ],
          ],
          notes: [
            "The first Create includes Configure, Check, loading the package from the program's node_modules, and one POST to the emulator (no added latency).",
            "Peak RSS is the process's VmHWM read just before it is stopped; its peak under load is in the scale benchmark.",
          ],
        },
      ],
      data: {
        serializedBytes: Object.fromEntries(
          Object.entries(serialized).map(([type, { text }]) => [type, Buffer.byteLength(text)]),
        ),
        coldStart: { runs, median: summary },
      },
    };
  },
};

/** The providers exactly as the program serializes them: from the packed package the program loads. */
async function serializedProviders(programDir: string) {
  const entry = require.resolve("pulumi-integrations", { paths: [programDir] });
  const shims = require(join(dirname(entry), "resources", "shims.js")) as Record<string, object>;
  const serialize = (provider: object) => serializeFunction(() => provider, { allowSecrets: true });
  return {
    Connector: await serialize(shims.connectorProvider as object),
    IntegrationState: await serialize(shims.integrationStateProvider as object),
  };
}

async function coldStart(
  programDir: string,
  emulator: RunningEmulator,
  providerText: string,
  run: number,
): Promise<ColdStart> {
  const started = performance.now();
  const provider = await ProviderProcess.start(programDir, {
    PULUMI_NODEJS_PROJECT: "bench-connectors",
    PULUMI_NODEJS_STACK: "cold",
  });
  const portPrintedMs = performance.now() - started;
  try {
    await provider.configure({
      "integrations:apiKey": wrapSecret(emulator.apiKey),
      "integrations:baseUrl": emulator.url,
    });
    const name = `cold-start-${run}`;
    await provider.checkAndCreate(
      { urn: `urn:pulumi:cold::bench-connectors::${CONNECTOR_TYPE}::${name}`, name, type: CONNECTOR_TYPE },
      {
        name,
        appName: "github",
        authScheme: "OAUTH2",
        authConfig: { client_id: `client-${run}`, client_secret: "bench-client-secret", scopes: ["repo"] },
        enabled: true,
        __provider: providerText,
      },
    );
    const firstCreateMs = performance.now() - started;
    return { portPrintedMs, firstCreateMs, peakRssKb: peakRssKbOf(provider.pid) };
  } finally {
    await provider.stop();
  }
}
