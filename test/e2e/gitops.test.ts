import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { collect } from "../../src/client/pagination";
import { PulumiStack } from "../../tools/pulumi/stack";
import type { CommandKind, OperationResult } from "../../tools/pulumi/types";
import { stageProgram } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";
import { distinctiveSecret, startE2eApi } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";

/**
 * examples/gitops as its pipeline runs it: the `pulumi` command lines of each job of its workflow file, read
 * from the file, run with the real CLI against the emulator. The emulator job applies each environment to a
 * throwaway emulator; the other jobs run against a second emulator standing for the live service, where the
 * drift check must fail once a connector is changed behind the stack's back.
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

const run = (stack: PulumiStack, line: PulumiLine): Promise<OperationResult> =>
  stack.command(line.kind, line.flags);
const render = (lines: PulumiLine[]) => lines.map((line) => [line.kind, ...line.flags].join(" "));

describe("e2e: the GitOps example's pipeline", () => {
  let live: E2eApi;
  let throwaway: E2eApi;
  const stacks: PulumiStack[] = [];

  beforeAll(async () => {
    [live, throwaway] = await Promise.all([startE2eApi(), startE2eApi()]);
  });
  afterAll(async () => {
    await Promise.all(stacks.map((stack) => stack.dispose()));
    await Promise.all([live?.close(), throwaway?.close()]);
  });

  /** An environment's stack made from its Pulumi.<environment>.yaml, pointed at one of the emulators. */
  async function environmentStack(environment: "staging" | "production", api: E2eApi): Promise<PulumiStack> {
    const stack = await PulumiStack.create({
      cli: pinnedCli(),
      programDir: await stageProgram(EXAMPLE, `gitops-${environment}`),
      stack: environment,
      config: { "integrations:baseUrl": api.emulator.url },
      secrets: { oauthClientSecret: distinctiveSecret(`${environment}-oauth`) },
      // As the workflow gives it: the environment's secret, read by the provider when config has no key.
      env: { INTEGRATIONS_API_KEY: api.apiKey },
    });
    stacks.push(stack);
    return stack;
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
    expect(render(pulumiLinesOf("preview"))).toEqual(["preview --diff"]);
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

  it("pull request, merge, then the drift check: passes, fails on a change behind the stack's back, passes once applied", async () => {
    const staging = await environmentStack("staging", live);
    const [preview] = pulumiLinesOf("preview") as [PulumiLine];
    const [deploy] = pulumiLinesOf("deploy") as [PulumiLine];
    const [drift] = pulumiLinesOf("drift") as [PulumiLine];

    const previewed = await run(staging, preview);
    expect(previewed.exitCode).toBe(0);
    expect(
      previewed.steps
        .filter((step) => step.op === "create" && step.type !== "pulumi:pulumi:Stack")
        .map((step) => step.name)
        .sort(),
    ).toEqual(["github", "slack"]);
    expect(await collect(live.client.listIntegrations({ showDisabled: true }))).toEqual([]);

    expect((await run(staging, deploy)).exitCode).toBe(0);
    const connectorIds = (await staging.outputs()).connectorIds?.value as Record<string, string>;
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
