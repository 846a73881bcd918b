import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { collect } from "../../src/client/pagination";
import { PulumiStack } from "../../tools/pulumi/stack";
import type { CommandKind, OperationResult } from "../../tools/pulumi/types";
import { policyStage, policyWorkDir, type PolicyStage } from "../policy/support/policy-stage";
import { stageProgram } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";
import { distinctiveSecret, startE2eApi } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";

/**
 * examples/gitops as its pipeline runs it: the `pulumi` command lines of each job of its workflow file, read
 * from the file, run with the real CLI against the emulator. The emulator job applies each environment to a
 * throwaway emulator; the other jobs run against a second emulator standing for the live service, where the
 * drift check must fail once a connector is changed behind the stack's back. The preview job runs the platform's
 * policy pack (`--policy-pack node_modules/@pulumi-integrations/policy`, a pack folder, which the CLI runs on its
 * Node.js language host); this sandbox's CLI has no such host, so the tests give the release's analyzer in its
 * place, pointed at the release's pack (tools/policy/analyzer.ts): the same pack, config and rules.
 */
const EXAMPLE = join(__dirname, "..", "..", "examples", "gitops");
const WORKFLOW = join(EXAMPLE, ".github", "workflows", "integrations.yml");

interface Workflow {
  on: { pull_request?: unknown; push?: { branches?: string[] }; schedule?: { cron: string }[] };
  jobs: Record<string, { if?: string; steps: { run?: string }[] }>;
}

interface PulumiLine {
  kind: CommandKind;
  /** The line's flags, without `--stack <environment>` (each test stack is named for its environment). */
  flags: string[];
}

const workflow = parseYaml(readFileSync(WORKFLOW, "utf8")) as Workflow;

/** The deployment commands (`pulumi up|preview|refresh|destroy ...`) a job runs, in order. */
function pulumiLinesOf(job: string): PulumiLine[] {
  const lines = (workflow.jobs[job]?.steps ?? []).flatMap((step) => (step.run ?? "").split("\n"));
  return (
    lines
      // A GitHub expression (`${{ matrix.environment }}`) is one word.
      .map((line) =>
        line
          .trim()
          .replace(/\$\{\{[^}]*\}\}/g, "<expression>")
          .split(/\s+/),
      )
      .filter(
        (words) => words[0] === "pulumi" && ["up", "preview", "refresh", "destroy"].includes(words[1] ?? ""),
      )
      .map((words) => {
        const flags = words.slice(2);
        const stackAt = flags.indexOf("--stack");
        if (stackAt !== -1) flags.splice(stackAt, 2);
        return { kind: words[1] as CommandKind, flags };
      })
  );
}

/** A stack of an environment, with the analyzer its preview runs the pack with. */
interface EnvironmentStack {
  stack: PulumiStack;
  analyzer: string;
}

const run = ({ stack, analyzer }: EnvironmentStack, line: PulumiLine): Promise<OperationResult> =>
  stack.command(
    line.kind,
    line.flags.map((flag, i) => (line.flags[i - 1] === "--policy-pack" ? analyzer : flag)),
  );
const render = (lines: PulumiLine[]) => lines.map((line) => [line.kind, ...line.flags].join(" "));

describe("e2e: the GitOps example's pipeline", () => {
  let live: E2eApi;
  let throwaway: E2eApi;
  let policy: PolicyStage;
  const stacks: PulumiStack[] = [];

  beforeAll(async () => {
    [live, throwaway, policy] = await Promise.all([startE2eApi(), startE2eApi(), policyStage()]);
  }, 300_000);
  afterAll(async () => {
    await Promise.all(stacks.map((stack) => stack.dispose()));
    await Promise.all([live?.close(), throwaway?.close()]);
  });

  /** An environment's stack made from its Pulumi.<environment>.yaml, pointed at one of the emulators. */
  async function environmentStack(
    environment: "staging" | "production",
    api: E2eApi,
  ): Promise<EnvironmentStack> {
    const { workDir, analyzer } = policyWorkDir(policy);
    const stack = await PulumiStack.create({
      cli: pinnedCli(),
      programDir: await stageProgram(EXAMPLE, `gitops-${environment}`),
      workDir,
      stack: environment,
      config: { "integrations:baseUrl": api.emulator.url },
      secrets: { oauthClientSecret: distinctiveSecret(`${environment}-oauth`) },
      // As the workflow gives it: the environment's secret, read by the provider when config has no key.
      env: { INTEGRATIONS_API_KEY: api.apiKey, PULUMI_POLICY_PACK_DIR: policy.pack },
    });
    stacks.push(stack);
    return { stack, analyzer };
  }

  it("runs on pull requests, pushes to main and a schedule, with these deployment commands", () => {
    expect(workflow.on.pull_request).not.toBeUndefined();
    expect(workflow.on.push?.branches).toEqual(["main"]);
    expect(workflow.on.schedule?.length).toBe(1);
    expect(workflow.jobs.emulator?.if).toBe("github.event_name == 'pull_request'");
    expect(workflow.jobs.preview?.if).toBe("github.event_name == 'pull_request'");
    expect(workflow.jobs.deploy?.if).toBe("github.event_name == 'push'");
    expect(workflow.jobs.drift?.if).toContain("github.event_name == 'schedule'");
    expect(render(pulumiLinesOf("emulator"))).toEqual([
      "up --yes",
      "preview --expect-no-changes",
      "destroy --yes",
    ]);
    expect(render(pulumiLinesOf("preview"))).toEqual([
      "preview --diff --policy-pack node_modules/@pulumi-integrations/policy --policy-pack-config policy.json",
    ]);
    expect(render(pulumiLinesOf("deploy"))).toEqual(["up --yes --refresh"]);
    expect(render(pulumiLinesOf("drift"))).toEqual(["preview --refresh --expect-no-changes"]);
  });

  it("pull request: applies each environment to a throwaway emulator, changes nothing the second time, destroys", async () => {
    for (const environment of ["staging", "production"] as const) {
      const stack = await environmentStack(environment, throwaway);
      const results = [];
      for (const line of pulumiLinesOf("emulator")) results.push(await run(stack, line));
      expect(results.map((result) => [result.kind, result.exitCode])).toEqual([
        ["up", 0],
        ["preview", 0],
        ["destroy", 0],
      ]);
    }
    const made = (await collect(throwaway.client.listIntegrations({ showDisabled: true }))).map(
      (item) => item.name,
    );
    // Production's deletionPolicy is "retain": its connectors outlive the destroy; staging's are gone.
    expect(made.sort()).toEqual(["github-production", "linear-production", "slack-production"]);
  }, 300_000);

  it("pull request: the policy pack stops a connector of an app not allowed, named, creating nothing", async () => {
    const [preview] = pulumiLinesOf("preview") as [PulumiLine];
    const names = async () =>
      (await collect(throwaway.client.listIntegrations({ showDisabled: true })))
        .map((item) => item.name)
        .sort();
    const before = await names();
    // As it is, staging passes the pack (the drift test below runs the same preview line on it). A pull
    // request that adds a connector of an app the platform team has not listed in policy.json:
    const proposed = await environmentStack("staging", throwaway);
    await proposed.stack.cli(["config", "set", "--path", "connectors.jira.app", "jira"]);
    const stopped = await run(proposed, preview);
    expect(stopped.exitCode).not.toBe(0);
    expect(stopped.output).toMatch(
      /\[mandatory\]\s+integrations-allowed-apps\s+\(pulumi-nodejs:dynamic\/integrations:Connector: jira\)/,
    );
    expect(stopped.output).toContain('app "jira" is not among the allowed apps (github, slack, linear)');
    expect(await names()).toEqual(before);
  }, 300_000);

  it("pull request, merge, then the drift check: passes, fails on a change behind the stack's back, passes once applied", async () => {
    const staging = await environmentStack("staging", live);
    const [preview] = pulumiLinesOf("preview") as [PulumiLine];
    const [deploy] = pulumiLinesOf("deploy") as [PulumiLine];
    const [drift] = pulumiLinesOf("drift") as [PulumiLine];

    const previewed = await run(staging, preview);
    expect(previewed.exitCode).toBe(0);
    // The policy pack ran (the CLI lists it under "Policy Packs run") and found nothing.
    expect(previewed.output).toMatch(/Policy Packs run:\s+Name\s+Version\s+pulumi-integrations\|local\|/);
    expect(previewed.output).not.toMatch(/\[(advisory|mandatory)\]/);
    expect(
      previewed.steps
        .filter((step) => step.op === "create" && step.type !== "pulumi:pulumi:Stack")
        .map((step) => step.name)
        .sort(),
    ).toEqual(["github", "slack"]);
    expect(await collect(live.client.listIntegrations({ showDisabled: true }))).toEqual([]);

    expect((await run(staging, deploy)).exitCode).toBe(0);
    const connectorIds = (await staging.stack.outputs()).connectorIds?.value as Record<string, string>;
    expect((await live.client.getIntegration(connectorIds.github as string)).name).toBe("github-staging");

    expect((await run(staging, drift)).exitCode).toBe(0);

    await live.client.updateIntegration(connectorIds.github as string, { enabled: false });
    const drifted = await run(staging, drift);
    expect(drifted.exitCode).not.toBe(0);
    expect(drifted.error).toContain("no changes were expected");
    expect(drifted.steps.filter((step) => step.op === "update").map((step) => step.name)).toEqual(["github"]);
    // The check only looks: the connector stays as it was found.
    expect((await live.client.getIntegration(connectorIds.github as string)).enabled).toBe(false);

    // The merge job's `up --refresh` repairs it (a plain `up` would not: it diffs against the applied state).
    expect((await run(staging, deploy)).exitCode).toBe(0);
    expect((await live.client.getIntegration(connectorIds.github as string)).enabled).toBe(true);
    expect((await run(staging, drift)).exitCode).toBe(0);
  }, 300_000);
});
