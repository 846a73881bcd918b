import type { ConnectorRecord } from "../../src/client";
import { candidateName } from "../../src/resources/shared/autoname";
import { distinctiveSecret, startE2eApi } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";
import { E2eStack } from "./support/e2e-stack";
import type { RecordedRun } from "./support/e2e-stack";
import { CONNECTOR_TYPE, expectNoLeaksAndSmallProviders } from "./support/leak-checks";
import { opsOf, requestsOf, succeeded, writesOf } from "./support/steps";

const POST = "POST /api/v1/integrations";
const PATCH = "PATCH /api/v1/integrations/:integrationId";
const DELETE = "DELETE /api/v1/integrations/:integrationId";
/** The account the provider reaches (client.id), read once per deployment that creates or finds an object. */
const ACCOUNT = "GET /api/v1/client/auth/client_info";
const NAME = /^github-[0-9a-z]{7}$/;

/**
 * An autonamed connector (no `name`) through `pulumi preview` and `pulumi up` as a user types them: check
 * sends nothing, so a preview shows the name as not known yet; the create POSTs the first candidate of the
 * seed and, on a 409, the next, with no listing; the same inputs give the same name again in a new run, and
 * a replacement (`--replace`, or a replacing input change) is created first under another name, never
 * colliding with the live connector.
 */
describe("e2e: autonaming on the real CLI", () => {
  const secret = distinctiveSecret("github-client-secret");
  let api: E2eApi;
  let stack: E2eStack;
  let urn: string;
  const runs: Record<string, RecordedRun> = {};
  const remote: Record<string, ConnectorRecord> = {};
  const idOf = (run: RecordedRun) => String(run.outputs.connectorId?.value);
  const nameOf = (run: RecordedRun) => String(run.outputs.connectorName?.value);
  /** The connector in the state `pulumi stack export` showed after a run. */
  const storedAfter = (run: RecordedRun) => {
    const resources = stack.snapshots[stack.runs.indexOf(run)];
    const stored = resources.filter((resource) => resource.type === CONNECTOR_TYPE);
    expect(stored).toHaveLength(1);
    return stored[0];
  };

  beforeAll(async () => {
    api = await startE2eApi();
    stack = await E2eStack.create("autonaming", api, {
      config: { authScheme: "BEARER_TOKEN", deletionPolicy: "delete" },
      secrets: { secret },
    });
    urn = stack.urn(CONNECTOR_TYPE, "github");

    runs.preview = succeeded(await stack.preview());
    runs.create = succeeded(await stack.up({ skipPreview: false, diff: true }));
    remote.created = await api.client.getIntegration(idOf(runs.create));
    runs.noop = succeeded(await stack.up());

    runs.destroy = succeeded(await stack.destroy());
    runs.again = succeeded(await stack.up());
    remote.again = await api.client.getIntegration(idOf(runs.again));

    // From now on a replaced connector is disabled rather than deleted (the old state's policy decides:
    // the connector replaced by the next command still has "delete").
    await stack.setConfig("deletionPolicy", "disable");
    runs.replaceFlag = succeeded(await stack.up({ skipPreview: false, diff: true, replace: [urn] }));
    remote.beforeReplaceFlag = await api.client.getIntegration(idOf(runs.again));
    remote.afterReplaceFlag = await api.client.getIntegration(idOf(runs.replaceFlag));

    await stack.setConfig("authScheme", "OAUTH2");
    runs.replaceInput = succeeded(await stack.up({ skipPreview: false, diff: true }));
    remote.beforeReplaceInput = await api.client.getIntegration(idOf(runs.replaceFlag));
    remote.afterReplaceInput = await api.client.getIntegration(idOf(runs.replaceInput));

    // Destroyed under "disable": both connectors the stack made stay, disabled, holding their names, as a
    // connector left by an interrupted create, or another stack's, would.
    runs.destroyDisabling = succeeded(await stack.destroy());
    runs.taken = succeeded(await stack.up());
    remote.taken = await api.client.getIntegration(idOf(runs.taken));
    remote.leftFirst = await api.client.getIntegration(idOf(runs.replaceInput));
    remote.leftSecond = await api.client.getIntegration(idOf(runs.replaceFlag));
  }, 300_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  it("`pulumi preview` sends nothing: the create step holds the prefix, and the name is not known yet", () => {
    const create = runs.preview.steps.find((step) => step.name === "github" && step.op === "create");
    expect(create?.inputs).toMatchObject({ namePrefix: "github-" });
    expect(create?.inputs).not.toHaveProperty("name");
    expect(String(runs.preview.outputs.connectorName?.value)).not.toMatch(NAME);
    expect(requestsOf(runs.preview)).toEqual([]);
  });

  it("`pulumi up` creates the seed's first candidate with one POST, after the deployment's account read", () => {
    expect(nameOf(runs.create)).toMatch(NAME);
    expect(remote.created).toMatchObject({
      name: nameOf(runs.create),
      authScheme: "BEARER_TOKEN",
      deleted: false,
    });
    expect(requestsOf(runs.create)).toEqual([ACCOUNT, POST]);
  });

  it("stores the name in the outputs, and in the inputs what it was derived from", () => {
    const stored = storedAfter(runs.create);
    expect(stored.outputs.name).toBe(remote.created.name);
    expect(stored.inputs).not.toHaveProperty("name");
    expect(stored.inputs).toMatchObject({
      namePrefix: "github-",
      autonameScope: "e2e-autonaming/dev/github",
    });
    expect(stored.outputs).not.toHaveProperty("autonameScope");
    expect(stack.stateTexts[stack.runs.indexOf(runs.create)]).toContain(`"name": "${remote.created.name}"`);
  });

  it("keeps the name on the next up: no change, only the account", () => {
    expect(opsOf(runs.noop, "github")).toEqual(["same"]);
    expect(requestsOf(runs.noop)).toEqual([ACCOUNT]);
    expect(nameOf(runs.noop)).toBe(remote.created.name);
  });

  it("gives the same inputs the same name in a new run (destroy, then up again)", () => {
    expect(writesOf(runs.destroy)).toEqual([DELETE]);
    expect(idOf(runs.again)).not.toBe(idOf(runs.create));
    expect(nameOf(runs.again)).toBe(remote.created.name);
    expect(remote.again.name).toBe(remote.created.name);
  });

  it("`up --replace` creates the replacement first under the next free name, then deletes the old one", () => {
    const ops = opsOf(runs.replaceFlag, "github");
    expect(ops).toEqual(["create-replacement", "replace", "delete-replaced"]);
    expect(nameOf(runs.replaceFlag)).toMatch(NAME);
    expect(nameOf(runs.replaceFlag)).not.toBe(remote.again.name);
    // The first name's POST meets the live connector (409, nothing made), the second makes the replacement;
    // then the old connector is deleted (its state still said "delete").
    expect(writesOf(runs.replaceFlag)).toEqual([POST, POST, DELETE]);
    expect(remote.afterReplaceFlag).toMatchObject({ name: nameOf(runs.replaceFlag), deleted: false });
    expect(remote.beforeReplaceFlag.deleted).toBe(true);
    expect(storedAfter(runs.replaceFlag).outputs.name).toBe(nameOf(runs.replaceFlag));
  });

  it("a replacing input change creates first too, taking the first name no live connector holds", () => {
    expect(opsOf(runs.replaceInput, "github")).toEqual(["create-replacement", "replace", "delete-replaced"]);
    // The first name is free again (its connector was deleted); the live one is skipped.
    expect(nameOf(runs.replaceInput)).toBe(remote.created.name);
    // The old connector's state says "disable": disabled, not deleted, and still holding its name.
    expect(writesOf(runs.replaceInput)).toEqual([POST, PATCH]);
    expect(remote.afterReplaceInput).toMatchObject({ authScheme: "OAUTH2", enabled: true, deleted: false });
    expect(remote.beforeReplaceInput).toMatchObject({ enabled: false, deleted: false });
    expect(storedAfter(runs.replaceInput).outputs.name).toBe(remote.created.name);
  });

  it("skips names that connectors outside the stack hold (disabled ones too), adopting none of them", () => {
    expect(writesOf(runs.destroyDisabling)).toEqual([PATCH]);
    const held = [remote.leftFirst.name, remote.leftSecond.name];
    expect(nameOf(runs.taken)).toMatch(NAME);
    expect(held).not.toContain(nameOf(runs.taken));
    // Two 409s on the names they hold, then the create.
    expect(requestsOf(runs.taken)).toEqual([ACCOUNT, POST, POST, POST]);
    expect(remote.taken).toMatchObject({ name: nameOf(runs.taken), enabled: true, deleted: false });
    // Both left as they were: disabled, live, and not in the stack.
    for (const left of [remote.leftFirst, remote.leftSecond]) {
      expect(left).toMatchObject({ enabled: false, deleted: false });
    }
    expect(storedAfter(runs.taken).id).toBe(idOf(runs.taken));
  });

  it("names are the documented candidates of the seed: prefix, project, stack and logical name", () => {
    const candidate = (k: number) => candidateName("github-", "e2e-autonaming/dev/github", k);
    expect(remote.created.name).toBe(candidate(0));
    expect(nameOf(runs.replaceFlag)).toBe(candidate(1));
    expect(nameOf(runs.taken)).toBe(candidate(2));
  });

  it("keeps the API key and the client secret out of state, logs and provider output", () => {
    expectNoLeaksAndSmallProviders(
      stack,
      { managed: { "client secret": secret }, other: { "API key": api.apiKey } },
      [CONNECTOR_TYPE],
    );
  });
});
