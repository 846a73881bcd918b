import { join } from "node:path";
import { TestStack } from "./index";
import { engineTestTimeoutMs, programsDir, providerCalls } from "./test-helpers";

/** The most creates in flight at once, from the provider's start/end lines in the order it printed them. */
function peakConcurrentCreates(calls: string[]): number {
  let running = 0;
  let peak = 0;
  for (const call of calls) {
    if (call.startsWith("null:create-start:")) peak = Math.max(peak, ++running);
    if (call.startsWith("null:create-end:")) running -= 1;
  }
  return peak;
}

describe("test engine: --parallel", () => {
  it(
    "runs at most `parallel` provider steps at once, as the CLI does",
    async () => {
      const stack = await TestStack.create(join(programsDir, "parallel"), { parallel: 2 });
      try {
        const result = await stack.up();
        expect(result.error).toBeUndefined();
        const calls = providerCalls(stack.providerOutput());
        expect(calls.filter((call) => call.startsWith("null:create-end:"))).toHaveLength(6);
        expect(peakConcurrentCreates(calls)).toBe(2);
      } finally {
        await stack.dispose();
      }
    },
    engineTestTimeoutMs,
  );
});
