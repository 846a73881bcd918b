import { join } from "node:path";
import { TestStack } from "./index";
import { engineTestTimeoutMs, programsDir, providerCalls } from "./test-helpers";

/** The most `call`s in flight at once, from the provider's start/end lines in the order it printed them. */
function peakConcurrent(calls: string[], call: "create" | "delete"): number {
  let running = 0;
  let peak = 0;
  for (const line of calls) {
    if (line.startsWith(`null:${call}-start:`)) peak = Math.max(peak, ++running);
    if (line.startsWith(`null:${call}-end:`)) running -= 1;
  }
  return peak;
}

describe("test engine: --parallel", () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await TestStack.create(join(programsDir, "parallel"), { parallel: 2 });
  });
  afterAll(() => stack.dispose());

  it(
    "runs at most `parallel` creates at once, as the CLI does",
    async () => {
      const result = await stack.up();
      expect(result.error).toBeUndefined();
      const calls = providerCalls(stack.providerOutput());
      expect(calls.filter((call) => call.startsWith("null:create-end:"))).toHaveLength(6);
      expect(peakConcurrent(calls, "create")).toBe(2);
    },
    engineTestTimeoutMs,
  );

  it(
    "deletes independent resources concurrently on destroy, at most `parallel` at once",
    async () => {
      const seen = providerCalls(stack.providerOutput()).length;
      const result = await stack.destroy();
      expect(result.error).toBeUndefined();
      const calls = providerCalls(stack.providerOutput()).slice(seen);
      expect(calls.filter((call) => call.startsWith("null:delete-end:"))).toHaveLength(6);
      expect(peakConcurrent(calls, "delete")).toBe(2);
    },
    engineTestTimeoutMs,
  );
});
