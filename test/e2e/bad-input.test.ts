import { distinctiveSecret, startE2eApi } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";
import { E2eStack } from "./support/e2e-stack";
import type { RecordedRun } from "./support/e2e-stack";
import { secretLeaks } from "./support/leak-checks";
import { textOf, writesOf } from "./support/steps";

/**
 * Generous on purpose: the failure this guards against is the SDK's slow error path (about 60 s per
 * failure), not a few seconds of a loaded machine.
 */
const FAILS_WITHIN_MS = 30_000;

/** An invalid input reaches the user as the provider's CheckFailure, quickly, and nothing is created. */
describe("e2e: bad input", () => {
  const clientSecret = distinctiveSecret("client-secret");
  let api: E2eApi;
  let stack: E2eStack;
  let up: RecordedRun;

  beforeAll(async () => {
    api = await startE2eApi();
    stack = await E2eStack.create("bad-input", api, {
      config: { deletionPolicy: "archive" },
      secrets: { clientSecret },
    });
    up = await stack.up();
  }, 120_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  it("fails the deployment with the property and the rule it breaks, and no stack trace", () => {
    expect(up.error).toBeDefined();
    const text = textOf(up);
    expect(text).toContain("misconfigured");
    expect(text).toContain("deletionPolicy");
    expect(text).toContain('must be one of "delete", "disable", "retain"');
    expect(text).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  });

  it("fails within seconds, not the SDK's minute", () => {
    console.log(`bad input: the failed up took ${up.durationMs} ms`);
    expect(up.durationMs).toBeGreaterThan(0);
    expect(up.durationMs).toBeLessThan(FAILS_WITHIN_MS);
  });

  it("creates nothing", async () => {
    expect(writesOf(up)).toEqual([]);
    const resources = await stack.stack.resources();
    expect(resources.filter((resource) => resource.type.endsWith(":Connector"))).toEqual([]);
  });

  it("keeps the API key and the client secret out of state, logs and provider output", () => {
    expect(secretLeaks(stack, { "API key": api.apiKey, "client secret": clientSecret })).toEqual([]);
  });
});
