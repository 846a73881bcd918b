/**
 * (1) What the provider costs: the `__provider` text stored in state with every resource, per resource
 * type; the dynamic-provider process's cold start, from spawning it to its first completed Create
 * (Configure, Check and Create sent here over gRPC, as the engine sends them); and that process's peak RSS.
 */
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { peakRssKbOf } from "../support/process-usage";
import { ProviderProcess, wrapSecret } from "../support/provider-process";
import { kbToMb, median, round } from "../support/stats";
import { stageBenchProgram } from "../support/staging";
import type { Benchmark, BenchmarkContext } from "../support/types";

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

/**
 * In a process of its own whose working directory is the program's, as a program's: loads the package's
 * providers (dist/dynamic/shims.js, as its classes do) and serializes each as `pulumi.dynamic.Resource` does.
 */
const SERIALIZE = `
const { join } = require("node:path");
const pkg = process.argv[1];
const { serializeFunction } = require(require.resolve("@pulumi/pulumi/runtime/closure/serializeClosure", { paths: [pkg] }));
const shims = require(join(pkg, "dist", "dynamic", "shims.js"));
const serialize = async (provider) => (await serializeFunction(() => provider, { allowSecrets: true })).text;
(async () => console.log(JSON.stringify({
  Connector: await serialize(shims.connectorProvider),
  IntegrationState: await serialize(shims.integrationStateProvider),
})))().catch((error) => { console.error(error); process.exit(1); });
`;

/**
 * The providers exactly as the program serializes them: from the packed package the program loads, in the
 * program's directory (where the serializer stores a provider module as a `require` of it).
 */
async function serializedProviders(programDir: string): Promise<Record<string, { text: string }>> {
  // Resolved from the program's directory as its own require would (require.resolve from this file would take
  // this checkout itself, whose package has the same name).
  const pkg = dirname(
    createRequire(join(programDir, "index.js")).resolve("pulumi-integrations/package.json"),
  );
  const { stdout } = await promisify(execFile)(process.execPath, ["-e", SERIALIZE, pkg], { cwd: programDir });
  const texts = JSON.parse(stdout) as Record<string, string>;
  return Object.fromEntries(Object.entries(texts).map(([type, text]) => [type, { text }]));
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
