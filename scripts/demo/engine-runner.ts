/** Runs a demo stack through the project's test engine (no Pulumi CLI needed) and prints the result. */
import { TestStack } from "../../test/engine";
import { printResult } from "./print";
import type { RunOptions, RunOutcome } from "./run-options";

export async function runWithTestEngine({
  operation,
  paths,
  demo,
  stack,
  baseUrl,
}: RunOptions): Promise<RunOutcome> {
  const testStack = await TestStack.create(stack.program, {
    stack: "dev",
    // One backend for both programs: it keeps each project's stacks apart, as the CLI's file backend does.
    stateDir: paths.stateDir,
    passphrase: demo.passphrase,
    config: { ...stack.config, "integrations:baseUrl": baseUrl },
    secrets: { ...stack.secrets, "integrations:apiKey": demo.apiKey },
  });
  try {
    const result = operation === "destroy" ? await testStack.destroy() : await testStack.up();
    printResult(result, { stateFile: paths.relative(testStack.statePath) });
    const outputs = Object.fromEntries(
      Object.entries(result.outputs).map(([key, output]) => [key, output.value]),
    );
    return { code: result.error ? 1 : 0, outputs };
  } finally {
    await testStack.dispose();
  }
}
