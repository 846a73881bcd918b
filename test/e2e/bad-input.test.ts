import { distinctiveSecret, startE2eApi } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";
import { E2eStack } from "./support/e2e-stack";
import type { RecordedRun } from "./support/e2e-stack";
import { CONNECTOR_TYPE, secretLeaks } from "./support/leak-checks";
import { textOf, writesOf } from "./support/steps";

/**
 * An invalid input reaches the user as the provider's CheckFailures, quickly, and nothing is created. The
 * user's `pulumi up` stops in its preview: check runs there first.
 */
describe("e2e: bad input", () => {
  const clientSecret = distinctiveSecret("client-secret");
  let api: E2eApi;
  let stack: E2eStack;
  let up: RecordedRun;

  beforeAll(async () => {
    api = await startE2eApi();
    stack = await E2eStack.create("bad-input", api, {
      config: { deletionPolicy: "archive" },
      stack: { env: { E2E_CLIENT_SECRET: clientSecret } },
    });
    up = await stack.up({ skipPreview: false });
  }, 120_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  it("fails the preview with each property and the rule it breaks, as the CLI prints them, and no stack trace", () => {
    expect(up.error).toBeDefined();
    // The CLI words a CheckFailure itself, the value included.
    expect(up.output).toContain("Previewing update");
    expect(up.output).not.toContain("Updating (");
    expect(up.error).toContain(
      `${CONNECTOR_TYPE} resource 'misconfigured': property deletionPolicy value {archive} has a problem: ` +
        'must be one of "delete", "disable", "retain"',
    );
    // authConfig holds a secret: its failure names the key in the reason, and the CLI then prints no value.
    expect(up.error).toContain(
      `${CONNECTOR_TYPE} resource 'misconfigured' has a problem: authConfig.scopes must be a list of strings`,
    );
    expect(up.output).not.toMatch(/property authConfig\S* value/);
    expect(textOf(up)).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  });

  it("creates nothing", async () => {
    expect(writesOf(up)).toEqual([]);
    const resources = await stack.stack.resources();
    expect(resources.filter((resource) => resource.type === CONNECTOR_TYPE)).toEqual([]);
  });

  it("keeps the API key and the client secret out of state, logs and provider output", () => {
    expect(secretLeaks(stack, { "API key": api.apiKey, "client secret": clientSecret })).toEqual([]);
  });
});
