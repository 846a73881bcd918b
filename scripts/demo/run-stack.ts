/**
 * Runs one demo stack with the real `pulumi` CLI, as a user runs `pulumi up` (its preview, then the update)
 * or `pulumi destroy` in the example's folder: a file backend and a passphrase under .demo/<example>/, the
 * stack's config file there too (so the examples stay clean), secrets set through stdin. The CLI's own output
 * is shown as it comes, then one line that says what changed.
 */
import { basename, join } from "node:path";
import type { PulumiCli } from "../../tools/pulumi/cli";
import { PulumiStack } from "../../tools/pulumi/stack";
import { printSummary } from "./print";
import type { Demo, DemoPaths, DemoStack } from "./workspace";

export interface RunOptions {
  cli: PulumiCli;
  operation: "up" | "destroy";
  paths: DemoPaths;
  demo: Demo;
  stack: DemoStack;
  baseUrl: string;
}

/** How a run ended, and the stack's outputs (secret ones in the clear, for the demo's own use). */
export interface RunOutcome {
  code: number;
  outputs: Record<string, unknown>;
}

export async function runDemoStack({
  cli,
  operation,
  paths,
  demo,
  stack,
  baseUrl,
}: RunOptions): Promise<RunOutcome> {
  const workDir = join(paths.demoDir, basename(stack.program));
  const pulumi = await PulumiStack.create({
    cli,
    programDir: stack.program,
    stack: "dev",
    workDir,
    configFile: join(workDir, "Pulumi.dev.yaml"),
    passphrase: demo.passphrase,
    config: { ...stack.config, "integrations:baseUrl": baseUrl },
    secrets: { ...stack.secrets, "integrations:apiKey": demo.apiKey },
  });
  try {
    const result = await (operation === "destroy" ? pulumi.destroy : pulumi.up).call(pulumi, {
      onOutput: (line) => console.log(line),
    });
    printSummary(result);
    if (result.error !== undefined) return { code: 1, outputs: {} };
    const outputs = await pulumi.outputs();
    return {
      code: 0,
      outputs: Object.fromEntries(Object.entries(outputs).map(([key, { value }]) => [key, value])),
    };
  } finally {
    await pulumi.dispose();
  }
}
