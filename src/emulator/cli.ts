#!/usr/bin/env node
/**
 * integrations-emulator: serves the Trigger and Integration Management API locally (the default action),
 * or, with `fire <instanceId>`, fires a trigger instance on an emulator that is already running.
 */
import { Command, InvalidArgumentError, Option } from "commander";
import { parseApiKeySpec } from "./accounts";
import { fireOnRunningEmulator } from "./fire-command";
import { MAX_CLOCK_OFFSET_MS } from "./schemas";
import { SECRET_VALUE_MODES, type SecretValueMode } from "./secret-values";
import { DEFAULT_HOST, DEFAULT_PORT, startEmulator } from "./start";
import type { FaultSettings } from "./types";

const API_KEYS_ENV = "INTEGRATIONS_EMULATOR_API_KEYS";

const number =
  (min: number, max: number, integer = false) =>
  (value: string): number => {
    const parsed = Number(value);
    if (
      value.trim() === "" ||
      !Number.isFinite(parsed) ||
      parsed < min ||
      parsed > max ||
      (integer && !Number.isInteger(parsed))
    ) {
      throw new InvalidArgumentError(`expected ${integer ? "an integer" : "a number"} from ${min} to ${max}`);
    }
    return parsed;
  };
const share = number(0, 1);
const collect = (value: string, previous: string[]): string[] => [...previous, value];

interface CliOptions {
  port: number;
  host: string;
  apiKey: string[];
  data?: string;
  fixtures?: string;
  latency?: number;
  jitter?: number;
  errorRate?: number;
  throttleRate?: number;
  headerlessThrottleRate?: number;
  retryAfter?: number;
  rateLimit?: number;
  resetRate?: number;
  lateCommit?: number;
  clockOffset?: number;
  normaliseAuthConfig?: boolean;
  secretValues?: SecretValueMode;
  fireEvery?: number;
  quiet?: boolean;
}

interface FireOptions {
  url: string;
  apiKey?: string;
  payload?: Record<string, unknown>;
}

const jsonObject = (value: string): Record<string, unknown> => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new InvalidArgumentError("expected a JSON object");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new InvalidArgumentError("expected a JSON object");
  }
  return parsed as Record<string, unknown>;
};

const program = new Command("integrations-emulator")
  .description("Local emulator of the Trigger and Integration Management API")
  .option("-p, --port <port>", "port to listen on (0 = any free port)", number(0, 65535, true), DEFAULT_PORT)
  .option("--host <host>", "interface to listen on", DEFAULT_HOST)
  .option(
    "--api-key <key>",
    `accepted API key, repeatable; <key>=<tenant> names its account, whose records its keys share (or ${API_KEYS_ENV}=k1=acme,k2=acme,k3)`,
    collect,
    [],
  )
  .option("--data <file>", "keep state in this file across restarts (atomic writes)")
  .option("--fixtures <file>", "preload records from this JSON file (see src/emulator/fixtures.ts)")
  .option("--latency <ms>", "added latency per request", number(0, 600_000, true))
  .option("--jitter <ms>", "plus a random 0..ms", number(0, 600_000, true))
  .option("--error-rate <share>", "share 0..1 of requests answered 503", share)
  .option("--throttle-rate <share>", "share 0..1 of requests answered 429", share)
  .option("--headerless-throttle-rate <share>", "share 0..1 of 429s sent without rate-limit headers", share)
  .option("--retry-after <seconds>", "Retry-After of random 429s", number(0, 86_400, true))
  .option("--rate-limit <n>", "requests per second per API key, then 429", number(0.001, 1_000_000))
  .option("--reset-rate <share>", "share 0..1 of connections reset", share)
  .option(
    "--late-commit <ms>",
    "reset every write at once, then apply it this many ms later (a lost create that happens anyway)",
    number(0, 600_000, true),
  )
  .option(
    "--clock-offset <ms>",
    "the server's clock runs this many ms ahead (or behind, negative) for every timestamp it writes",
    number(-MAX_CLOCK_OFFSET_MS, MAX_CLOCK_OFFSET_MS, true),
  )
  .option(
    "--normalise-auth-config",
    "store authConfig as real servers do: add a default key, trim strings, sort lists",
  )
  .addOption(
    new Option(
      "--secret-values <mode>",
      "how reads show secret authConfig values: omitted (as the contract says), masked (****) or clear",
    ).choices(SECRET_VALUE_MODES),
  )
  .option(
    "--fire-every <seconds>",
    "fire every enabled trigger instance every N seconds (a live feed to the callback URLs)",
    number(0.01, 86_400),
  )
  .option("--quiet", "no request log lines")
  // Options after `fire` are the subcommand's (its --api-key is one key, not the server's list).
  .enablePositionalOptions()
  .action(serve);

program
  .command("fire <instanceId>")
  .description("fire a trigger instance on a running emulator: its event is delivered to the callback URL")
  .option("--url <url>", "the running emulator", `http://${DEFAULT_HOST}:${DEFAULT_PORT}`)
  .option("--api-key <key>", `the tenant's API key (default: the first of ${API_KEYS_ENV})`)
  .option("--payload <json>", "the event data instead of the trigger's sample payload", jsonObject)
  .action(async (instanceId: string, options: FireOptions) => {
    const first = keysFromEnv()[0];
    const apiKey = options.apiKey ?? (first === undefined ? undefined : parseApiKeySpec(first, 1).key);
    if (apiKey === undefined) throw new Error(`give --api-key or set ${API_KEYS_ENV}`);
    const fired = await fireOnRunningEmulator(options.url, apiKey, instanceId, options.payload);
    console.log(JSON.stringify(fired));
  });

/** The entries of the environment variable, each `<key>` or `<key>=<tenant>`. */
function keysFromEnv(): string[] {
  return (process.env[API_KEYS_ENV] ?? "")
    .split(",")
    .map((key) => key.trim())
    .filter((key) => key !== "");
}

async function serve(options: CliOptions): Promise<void> {
  const given = options.apiKey.length > 0 ? options.apiKey : keysFromEnv();
  const faults: Partial<FaultSettings> = {
    latencyMs: options.latency,
    jitterMs: options.jitter,
    errorRate: options.errorRate,
    throttleRate: options.throttleRate,
    headerlessThrottleRate: options.headerlessThrottleRate,
    retryAfterSeconds: options.retryAfter,
    rateLimitPerSecond: options.rateLimit,
    resetRate: options.resetRate,
    lateCommitMs: options.lateCommit,
    clockOffsetMs: options.clockOffset,
  };
  const emulator = await startEmulator({
    port: options.port,
    host: options.host,
    apiKeys: given.length > 0 ? given : undefined,
    dataFile: options.data,
    fixtures: options.fixtures,
    faults: Object.fromEntries(Object.entries(faults).filter(([, value]) => value !== undefined)),
    normaliseAuthConfig: options.normaliseAuthConfig ?? false,
    secretValues: options.secretValues,
    fireEverySeconds: options.fireEvery,
    quiet: options.quiet ?? false,
  });
  console.log(`integrations-emulator listening on ${emulator.url}`);
  // The one place a key is ever printed: a generated dev key the user has no other way to learn.
  if (given.length === 0 && !options.fixtures) console.log(`API key: ${emulator.apiKey}`);
  else {
    const accounts = new Set(emulator.apiKeys.map((key) => emulator.accountIdOf(key))).size;
    console.log(`API keys: ${emulator.apiKeys.length} configured, ${accounts} account(s)`);
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`integrations-emulator: ${signal}, shutting down`);
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`integrations-emulator: shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

program.parseAsync().catch((error: unknown) => {
  console.error(`integrations-emulator: ${(error as Error).message}`);
  process.exit(1);
});
