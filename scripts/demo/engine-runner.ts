/** Runs the quickstart through the project's test engine (no Pulumi CLI needed) and prints the result. */
import { TestStack } from "../../test/engine";
import { printResult } from "./print";
import type { RunOptions } from "./run-options";

export async function runWithTestEngine({ operation, paths, demo, baseUrl }: RunOptions): Promise<number> {
  const stack = await TestStack.create(paths.program, {
    stack: "dev",
    stateDir: paths.stateDir,
    passphrase: demo.passphrase,
    config: { ...demo.config, "integrations:baseUrl": baseUrl },
    secrets: {
      "integrations:apiKey": demo.apiKey,
      "integrations-quickstart:githubClientSecret": demo.githubClientSecret,
    },
  });
  try {
    const result = operation === "destroy" ? await stack.destroy() : await stack.up();
    printResult(result, { stateFile: paths.relative(stack.statePath) });
    return result.error ? 1 : 0;
  } finally {
    await stack.dispose();
  }
}
