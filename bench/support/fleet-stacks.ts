/**
 * Stacks of the fleet benchmark on Pulumi's Node Automation API (`LocalWorkspace`, inline programs: the CLI is
 * handed this process's language server with `--client`), on the pinned CLI this repository builds, offline
 * as tools/pulumi/stack.ts runs it: one file backend and one PULUMI_HOME per fleet (the plugins installed
 * there from their tarballs, as users install them), a passphrase, no update check, no plugin downloads.
 */
import { mkdirSync, mkdtempSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { LocalWorkspace, PulumiCommand, type PulumiFn, type Stack } from "@pulumi/pulumi/automation";
import { installPlugin } from "../../test/plugin/support/plugin-tarball";
import type { PluginBuild } from "./null-plugin";
import { benchCli } from "./stacks";

const PROJECT = "bench-fleet";
/** Stack setups (a few CLI runs each, not measured) at once: enough to overlap, few enough for 2 cores. */
const SETUP_CONCURRENCY = 4;

/**
 * The pinned CLI as the Automation API takes one: `PulumiCommand.get({ root })` runs `<root>/bin/pulumi`, so
 * `root/bin` is a link to the CLI's folder (which also holds the dynamic providers' launcher,
 * pulumi-resource-pulumi-nodejs: the Automation API puts the binary's folder first on PATH). `bin` is the path
 * the CLI's processes show as their command, which the process sampler recognises them by.
 */
export async function automationCli(dir: string): Promise<{ command: PulumiCommand; bin: string }> {
  const root = mkdtempSync(join(dir, "pulumi-cli-"));
  symlinkSync(benchCli().dir, join(root, "bin"));
  // Checked against the SDK's minimum CLI version, as the Automation API checks users' CLIs.
  const command = await PulumiCommand.get({ root });
  return { command, bin: join(root, "bin", "pulumi") };
}

export interface FleetSpec {
  /** Where the fleet's backend, PULUMI_HOME and each stack's working directory go. */
  dir: string;
  /** The stage folder the programs load their packages from (./fleet-programs.ts). */
  programDir: string;
  command: PulumiCommand;
  stackNames: string[];
  program(stack: string): PulumiFn;
  account: { baseUrl: string; apiKey: string };
  plugins: PluginBuild[];
  /** Added to the environment of every CLI run, and so of the providers it starts. */
  env: Record<string, string>;
}

/** Creates the fleet's stacks, each set to the account (`integrations:baseUrl`, the key as a secret). */
export async function createFleet(spec: FleetSpec): Promise<Stack[]> {
  const fleetDir = mkdtempSync(join(spec.dir, "fleet-"));
  const backend = join(fleetDir, "state");
  const home = join(fleetDir, "home");
  mkdirSync(backend, { recursive: true });
  for (const { tarball, version } of spec.plugins)
    installPlugin(benchCli().bin, home, version, tarball, process.env.PATH ?? "");
  const envVars = {
    PULUMI_CONFIG_PASSPHRASE: "bench-fleet-passphrase",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_DISABLE_REGISTRY_RESOLVE: "true",
    NO_COLOR: "true",
    ...spec.env,
  };
  return mapLimit(spec.stackNames, SETUP_CONCURRENCY, async (stackName) => {
    // Its own working directory per stack (the Automation API writes Pulumi.yaml and the stack's config
    // file there), inside the programs' stage folder so that the dynamic-provider host, started there,
    // resolves the package.
    const workDir = mkdtempSync(join(spec.programDir, `${stackName}-`));
    const stack = await LocalWorkspace.createOrSelectStack(
      { stackName, projectName: PROJECT, program: spec.program(stackName) },
      {
        workDir,
        pulumiCommand: spec.command,
        pulumiHome: home,
        projectSettings: { name: PROJECT, runtime: "nodejs", backend: { url: `file://${backend}` } },
        envVars,
      },
    );
    await stack.setAllConfig({
      "integrations:baseUrl": { value: spec.account.baseUrl },
      "integrations:apiKey": { value: spec.account.apiKey, secret: true },
    });
    return stack;
  });
}

/** `work` on each item, at most `limit` at once, the results in the items' order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
