import type { CheckedConnectorInputs } from "../../src/resources/connector/definition";
import type { ConnectorOutputs } from "../../src/resources/connector/definition";
import { GITHUB_AUTH, startTestBed, type ProviderTestBed } from "./support";

let bed: ProviderTestBed;
beforeAll(async () => {
  bed = await startTestBed();
});
afterAll(() => bed.close());

let counter = 0;
/** Checked inputs (as `check` would return them) of a connector with a fresh, unique name. */
async function inputsFor(overrides: Record<string, unknown> = {}): Promise<CheckedConnectorInputs> {
  const { inputs, failures } = await bed.connector.check(
    {},
    {
      name: `gh-${++counter}`,
      appName: "github",
      authScheme: "OAUTH2",
      authConfig: GITHUB_AUTH,
      ...overrides,
    },
  );
  expect(failures).toEqual([]);
  return inputs;
}

async function created(overrides: Record<string, unknown> = {}) {
  const inputs = await inputsFor(overrides);
  const { id, outs } = await bed.connector.create(inputs);
  return { id, outs, inputs };
}

describe("create", () => {
  test("one POST; outputs hold the record without catalog data, the applied authConfig and what diff needs", async () => {
    const inputs = await inputsFor();
    let result!: { id: string; outs: ConnectorOutputs };
    // The listing of the app's connectors that a lost response would be weighed against, and the POST.
    expect(await bed.requestsOf(async () => (result = await bed.connector.create(inputs)))).toBe(2);
    expect(result.id).toMatch(/\S/);
    expect(result.outs).toMatchObject({
      name: inputs.name,
      appName: "github",
      appId: expect.any(String),
      authScheme: "OAUTH2",
      authConfig: GITHUB_AUTH,
      enabled: true,
      useServiceAuth: false,
      createdAt: expect.any(String),
      forceNewIntegration: true,
      deletionPolicy: "delete",
      lastApplied: { name: inputs.name, appName: "github", authScheme: "OAUTH2", useServiceAuth: false },
    });
    // Catalog data (the app's logo, the fields each account gives) is getConnector's, not stored.
    expect(result.outs).not.toHaveProperty("logo");
    expect(result.outs).not.toHaveProperty("expectedInputFields");
    const remote = await bed.inspect.getIntegration(result.id);
    expect(remote).toMatchObject({ name: inputs.name, enabled: true });
    // The server never shows the secret back; state keeps it.
    expect(remote.authConfig.client_secret).toBeUndefined();
  });

  test("created disabled: POST then one PATCH", async () => {
    const inputs = await inputsFor({ enabled: false });
    let id = "";
    expect(await bed.requestsOf(async () => ({ id } = await bed.connector.create(inputs)))).toBe(2);
    expect((await bed.inspect.getIntegration(id)).enabled).toBe(false);
  });

  test("a name already taken is a 409 error that names the connector and every way on; nothing is taken", async () => {
    // The same inputs as the holder's: a second stack, a `--replace` that creates first, or a create that
    // an earlier run never recorded all look like this from here, so none of them is adopted silently.
    const first = await created();
    const error = (await bed.connector.create(first.inputs).catch((e: Error) => e)) as Error;
    expect(error).toBeInstanceOf(Error);
    const { message, stack } = error;
    expect(message).toContain(`The name "${first.inputs.name}" is already used by connector ${first.id}`);
    expect(message).toContain("deleteBeforeReplace: true");
    expect(message).toContain("pulumi refresh --clear-pending-creates");
    expect(message).toContain(`adoptId: "${first.id}"`);
    expect(message).toContain(`IntegrationState (integrationId: "${first.id}")`);
    expect(message).toContain("POST /api/v1/integrations -> 409 Conflict");
    expect(message).not.toContain(GITHUB_AUTH.client_secret);
    expect(message).not.toMatch(/\n/);
    expect(stack).toBe(message);
    expect(await bed.liveNamed(first.outs.name)).toEqual([first.id]);
    // The holder was not touched: no PATCH reached it.
    expect((await bed.inspect.getIntegration(first.id)).updatedAt).toBe(first.outs.updatedAt);
  });

  test("adoptId takes over an existing connector on purpose: one GET and one PATCH, no POST", async () => {
    const existing = await created({ enabled: false });
    const newConfig = { ...GITHUB_AUTH, client_id: "taken-over" };
    const inputs = await inputsFor({
      name: existing.inputs.name,
      adoptId: existing.id,
      authConfig: newConfig,
    });
    bed.emulator.requestLog.clear();
    const result = await bed.connector.create(inputs);
    expect(bed.emulator.requestLog.entries().map((entry) => entry.method)).toEqual(["GET", "PATCH"]);
    expect(result.id).toBe(existing.id);
    expect(result.outs).toMatchObject({ enabled: true, authConfig: newConfig, adoptId: existing.id });
    const remote = await bed.inspect.getIntegration(existing.id);
    expect(remote).toMatchObject({ enabled: true, authConfig: { client_id: "taken-over" } });
    // From now on it is this resource's: deleting the resource deletes it.
    await bed.connector.delete(result.id, result.outs);
    expect((await bed.inspect.getIntegration(existing.id)).deleted).toBe(true);
  });

  test("adoptId of a connector that differs in name, app or scheme is refused, naming each difference", async () => {
    const existing = await created();
    const inputs = await inputsFor({ adoptId: existing.id, appName: "linear", authScheme: "API_KEY" });
    const error = (await bed.connector.create(inputs).catch((e: Error) => e)) as Error;
    expect(error.message).toContain(
      `adoptId "${existing.id}": that connector is not the one these inputs describe`,
    );
    expect(error.message).toContain(`it is named "${existing.inputs.name}", not "${inputs.name}"`);
    expect(error.message).toContain('its app is "github"');
    expect(error.message).toContain("its authScheme is OAUTH2");
    const unknown = await bed.connector
      .create(await inputsFor({ adoptId: "no-such-connector" }))
      .catch((e: Error) => e);
    expect((unknown as Error).message).toContain(
      'adoptId "no-such-connector": there is no live connector with that id.',
    );
  });

  test("forceNewIntegration: false never takes the app's existing connector silently", async () => {
    // A rename that creates first would otherwise be handed back the old connector, which the engine then
    // deletes: the stack would end up pointing at a deleted connector.
    const existing = await created({
      appName: "linear",
      authScheme: "OAUTH2",
      authConfig: { client_id: "c-1", client_secret: "s-1" },
    });
    const inputs = await inputsFor({
      appName: "linear",
      authScheme: "OAUTH2",
      authConfig: { client_id: "c-1", client_secret: "new-secret-456" },
      forceNewIntegration: false,
    });
    bed.emulator.requestLog.clear();
    const error = (await bed.connector.create(inputs).catch((e: Error) => e)) as Error;
    // Seen in the POST's answer: nothing is listed before it.
    expect(error.message).toContain(
      `with forceNewIntegration: false the service handed back its existing connector ${existing.id} ` +
        `("${existing.outs.name}") instead of creating one`,
    );
    expect(error.message).toContain(`adoptId: "${existing.id}"`);
    expect(bed.emulator.requestLog.entries().map((entry) => entry.method)).toEqual(["POST"]);
    expect((await bed.inspect.getIntegration(existing.id)).updatedAt).toBe(existing.outs.updatedAt);
  });

  test("forceNewIntegration: false handed back the app's connector under the very name asked for: refused by its age", async () => {
    // The name matches, so only the service's clock tells a hand-back from a new connector: it was created
    // before the POST left (the service's Date headers bound its clock, to within about a second: the wait).
    const existing = await created({ appName: "slack", authScheme: "OAUTH2", authConfig: GITHUB_AUTH });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const inputs = await inputsFor({
      name: existing.outs.name,
      appName: "slack",
      authScheme: "OAUTH2",
      authConfig: GITHUB_AUTH,
      forceNewIntegration: false,
    });
    const error = (await bed.connector.create(inputs).catch((e: Error) => e)) as Error;
    expect(error.message).toContain(`handed back its existing connector ${existing.id}`);
    expect(await bed.liveNamed(existing.outs.name)).toEqual([existing.id]);
  });

  test("forceNewIntegration: false creates when the app has no connector yet", async () => {
    // An API-key connector takes no key: each account gives its own (the real service's model).
    const inputs = await inputsFor({ appName: "notion", authScheme: "API_KEY", forceNewIntegration: false });
    const { id, outs } = await bed.connector.create(inputs);
    expect(outs.name).toBe(inputs.name);
    expect(await bed.liveNamed(outs.name)).toEqual([id]);
  });

  test("an API error is one readable line without a secret or a stack trace", async () => {
    const inputs = await inputsFor({ appName: "no-such-app" });
    const error = (await bed.connector.create(inputs).catch((e: Error) => e)) as Error;
    expect(error.message).toMatch(
      /^POST \/api\/v1\/integrations -> 400 Bad Request: .*no-such-app.*\(requestId \S+\)$/,
    );
    expect(error.message).not.toContain(GITHUB_AUTH.client_secret);
    expect(error.stack).toBe(error.message);
  });
});

describe("read", () => {
  test("one GET; without drift the refreshed state diffs clean (no perpetual diff from redaction)", async () => {
    const { id, outs, inputs } = await created();
    let read!: Awaited<ReturnType<typeof bed.connector.read>>;
    expect(await bed.requestsOf(async () => (read = await bed.connector.read(id, outs)))).toBe(1);
    expect(read).toEqual({ id, props: outs, inputs });
    expect((await bed.connector.diff(id, read.props!, inputs)).changes).toBe(false);
  });

  test("drift of enabled and of visible authConfig keys is reported; secret keys are kept from state", async () => {
    const { id, outs, inputs } = await created();
    await bed.inspect.updateIntegration(id, {
      enabled: false,
      authConfig: { client_id: "changed-remotely", client_secret: "other-secret" },
    });
    const { props, inputs: refreshedInputs } = await bed.connector.read(id, outs);
    expect(props).toMatchObject({ enabled: false });
    expect(props!.authConfig).toEqual({ ...GITHUB_AUTH, client_id: "changed-remotely" });
    // The drift becomes the stored inputs too: what ignoreChanges takes an ignored input from.
    expect(refreshedInputs).toEqual({ ...inputs, enabled: false, authConfig: props!.authConfig });
    // The next update puts things back.
    const diff = await bed.connector.diff(id, props!, inputs);
    expect(diff).toEqual({ changes: true, replaces: [], deleteBeforeReplace: true });
    const { outs: updated } = await bed.connector.update(id, props!, inputs);
    expect(updated).toMatchObject({ enabled: true, authConfig: GITHUB_AUTH });
    const remote = await bed.inspect.getIntegration(id);
    expect(remote).toMatchObject({ enabled: true, authConfig: { client_id: GITHUB_AUTH.client_id } });
  });

  test("a soft-deleted connector is gone: empty id", async () => {
    const { id, outs } = await created();
    await bed.inspect.deleteIntegration(id);
    expect(await bed.connector.read(id, outs)).toEqual({ id: "" });
  });

  test("an unknown connector (404) is gone: empty id", async () => {
    const { outs } = await created();
    expect(await bed.connector.read("no-such-connector", outs)).toEqual({ id: "" });
  });
});

describe("update", () => {
  test("enabled only: one PATCH and one GET; the authConfig is left alone", async () => {
    const { id, outs, inputs } = await created();
    let updated!: ConnectorOutputs;
    const requests = await bed.requestsOf(async () => {
      ({ outs: updated } = await bed.connector.update(id, outs, { ...inputs, enabled: false }));
    });
    expect(requests).toBe(2);
    expect(bed.emulator.requestLog.count({ method: "PATCH" })).toBe(1);
    expect(updated).toMatchObject({ enabled: false, authConfig: GITHUB_AUTH });
    expect((await bed.inspect.getIntegration(id)).authConfig).toEqual({
      client_id: GITHUB_AUTH.client_id,
      scopes: GITHUB_AUTH.scopes,
    });
  });

  test("enabled and authConfig together: a single PATCH", async () => {
    const { id, outs, inputs } = await created();
    const authConfig = { ...GITHUB_AUTH, client_id: "client-id-2" };
    const requests = await bed.requestsOf(() =>
      bed.connector.update(id, outs, { ...inputs, enabled: false, authConfig }),
    );
    expect(requests).toBeLessThanOrEqual(2);
    expect(bed.emulator.requestLog.count({ method: "PATCH" })).toBe(1);
    expect(await bed.inspect.getIntegration(id)).toMatchObject({
      enabled: false,
      authConfig: { client_id: "client-id-2" },
    });
  });

  test("deletionPolicy / forceNewIntegration only: no request, recorded in state", async () => {
    const { id, outs, inputs } = await created();
    let updated!: ConnectorOutputs;
    const requests = await bed.requestsOf(async () => {
      ({ outs: updated } = await bed.connector.update(id, outs, {
        ...inputs,
        deletionPolicy: "retain",
        forceNewIntegration: false,
      }));
    });
    expect(requests).toBe(0);
    expect(updated).toEqual({ ...outs, deletionPolicy: "retain", forceNewIntegration: false });
  });

  test("state of an earlier version loses the catalog data it stored, at a read and at an update", async () => {
    const { id, outs, inputs } = await created();
    const earlier = { ...outs, logo: "https://logos.example/github.svg", expectedInputFields: [] } as never;
    const { props } = await bed.connector.read(id, earlier);
    expect(props).toEqual(outs);
    const { outs: updated } = await bed.connector.update(id, earlier, {
      ...inputs,
      deletionPolicy: "retain",
    });
    expect(updated).toEqual({ ...outs, deletionPolicy: "retain" });
  });

  test("a connector deleted behind our back: the error says to refresh", async () => {
    const { id, outs, inputs } = await created();
    await bed.inspect.deleteIntegration(id);
    const error = (await bed.connector
      .update(id, outs, { ...inputs, enabled: false })
      .catch((e) => e)) as Error;
    expect(error.message).toContain("pulumi refresh");
    expect(error.message).toContain(`PATCH /api/v1/integrations/${id} -> 404`);
  });
});

describe("delete follows deletionPolicy", () => {
  test('"delete": one DELETE, the connector is gone', async () => {
    const { id, outs } = await created();
    expect(await bed.requestsOf(() => bed.connector.delete(id, outs))).toBe(1);
    expect((await bed.inspect.getIntegration(id)).deleted).toBe(true);
  });

  test('"disable": one PATCH, the connector stays, disabled', async () => {
    const { id, outs } = await created({ deletionPolicy: "disable" });
    expect(await bed.requestsOf(() => bed.connector.delete(id, outs))).toBe(1);
    expect(await bed.inspect.getIntegration(id)).toMatchObject({ enabled: false, deleted: false });
  });

  test('"retain": no request, the connector stays as it is', async () => {
    const { id, outs } = await created({ deletionPolicy: "retain" });
    expect(await bed.requestsOf(() => bed.connector.delete(id, outs))).toBe(0);
    expect(await bed.inspect.getIntegration(id)).toMatchObject({ enabled: true, deleted: false });
  });

  test.each(["delete", "disable"])(
    '"%s" of a connector that is already gone succeeds',
    async (deletionPolicy) => {
      const { id, outs } = await created({ deletionPolicy });
      await bed.inspect.deleteIntegration(id);
      expect(await bed.requestsOf(() => bed.connector.delete(id, outs))).toBeLessThanOrEqual(1);
    },
  );
});

describe("check and diff never call the API", () => {
  test("zero requests", async () => {
    const { id, outs, inputs } = await created();
    const requests = await bed.requestsOf(async () => {
      await bed.connector.check(inputs as never, { ...inputs, enabled: false });
      await bed.connector.diff(id, outs, { ...inputs, name: "renamed" });
    });
    expect(requests).toBe(0);
  });
});
