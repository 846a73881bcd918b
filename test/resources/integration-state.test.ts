import type { CheckedIntegrationStateInputs } from "../../src/resources/integration-state/definition";
import type { IntegrationStateOutputs } from "../../src/resources/integration-state/definition";
import { PartialCreateError } from "../../src/resources/shared/errors";
import { startTestBed, type ProviderTestBed } from "./support";

let bed: ProviderTestBed;
beforeAll(async () => {
  bed = await startTestBed();
});
afterAll(() => bed.close());

let counter = 0;
/**
 * An integration this program does not own (made directly through the API): with a client secret, its
 * owner's Linear OAuth app (the developer's fields are the connector's; an end user's key never is).
 */
async function existingIntegration(clientSecret?: string) {
  const app =
    clientSecret === undefined
      ? { appName: "hackernews" }
      : {
          appName: "linear",
          authScheme: "OAUTH2",
          authConfig: { client_id: "owner-client", client_secret: clientSecret },
        };
  const record = await bed.inspect.createIntegration({
    name: `existing-${++counter}`,
    ...app,
    forceNewIntegration: true,
  });
  return record.id;
}

/** Checked as the front ends check it: with the resource's logical name, by which its claim is held. */
async function checked(news: Record<string, unknown>): Promise<CheckedIntegrationStateInputs> {
  const { inputs, failures } = await bed.integrationState.check({}, { resourceName: "state", ...news });
  expect(failures).toEqual([]);
  return inputs;
}

describe("create", () => {
  test("reads the integration, remembers its prior enabled, PATCHes the desired value", async () => {
    const integrationId = await existingIntegration();
    const inputs = await checked({ integrationId, enabled: false });
    let result!: { id: string; outs: IntegrationStateOutputs };
    expect(await bed.requestsOf(async () => (result = await bed.integrationState.create(inputs)))).toBe(2);
    expect(result).toEqual({
      id: integrationId,
      outs: { integrationId, enabled: false, onDelete: "retain", priorEnabled: true, resourceName: "state" },
    });
    expect((await bed.inspect.getIntegration(integrationId)).enabled).toBe(false);
  });

  test("nothing differs: the read only", async () => {
    const integrationId = await existingIntegration();
    const inputs = await checked({ integrationId, enabled: true });
    expect(await bed.requestsOf(() => bed.integrationState.create(inputs))).toBe(1);
  });

  test("authConfig is always sent (the server's copy is redacted, it cannot be compared)", async () => {
    const integrationId = await existingIntegration("old-secret-1234");
    const authConfig = { client_secret: "new-secret-5678" };
    const inputs = await checked({ integrationId, authConfig });
    let outs!: IntegrationStateOutputs;
    expect(await bed.requestsOf(async () => ({ outs } = await bed.integrationState.create(inputs)))).toBe(2);
    expect(bed.emulator.requestLog.count({ method: "PATCH" })).toBe(1);
    expect(outs).toEqual({
      integrationId,
      authConfig,
      onDelete: "retain",
      resourceName: "state",
      priorEnabled: true,
      // The visible key found; the secret was never shown.
      priorAuthConfig: { client_id: "owner-client" },
      unrestorableKeys: ["client_secret"],
    });
  });

  test.each([
    ["unknown", async () => "no-such-integration"],
    [
      "deleted",
      async () => {
        const id = await existingIntegration();
        await bed.inspect.deleteIntegration(id);
        return id;
      },
    ],
  ])("an integration that is %s is a clear error", async (_case, integrationIdOf) => {
    const integrationId = await integrationIdOf();
    const error = (await bed.integrationState
      .create(await checked({ integrationId, enabled: true }))
      .catch((e) => e)) as Error;
    expect(error.message).toMatch(new RegExp(`^Integration "${integrationId}" cannot be managed: `));
    expect(error.message).toContain("IntegrationState manages an existing integration");
    expect(error.stack).toBe(error.message);
  });
});

describe("read", () => {
  test("one GET; drift of a managed enabled is reported", async () => {
    const integrationId = await existingIntegration();
    const inputs = await checked({ integrationId, enabled: false });
    const { outs } = await bed.integrationState.create(inputs);
    await bed.inspect.updateIntegration(integrationId, { enabled: true });
    let read!: Awaited<ReturnType<typeof bed.integrationState.read>>;
    expect(
      await bed.requestsOf(async () => (read = await bed.integrationState.read(integrationId, outs))),
    ).toBe(1);
    const { priorEnabled: _prior, ...refreshedInputs } = { ...outs, enabled: true };
    expect(read).toEqual({ id: integrationId, props: { ...outs, enabled: true }, inputs: refreshedInputs });
    expect((await bed.integrationState.diff(integrationId, read.props!, inputs)).changes).toBe(true);
  });

  test("an unmanaged enabled stays out of state; the redacted secret is kept", async () => {
    const integrationId = await existingIntegration("secret-0000");
    const inputs = await checked({ integrationId, authConfig: { client_secret: "secret-1111" } });
    const { outs } = await bed.integrationState.create(inputs);
    const { props } = await bed.integrationState.read(integrationId, outs);
    expect(props).toEqual(outs);
    expect((await bed.integrationState.diff(integrationId, props!, inputs)).changes).toBe(false);
  });

  test("a deleted integration is gone", async () => {
    const integrationId = await existingIntegration();
    const { outs } = await bed.integrationState.create(await checked({ integrationId, enabled: false }));
    await bed.inspect.deleteIntegration(integrationId);
    expect(await bed.integrationState.read(integrationId, outs)).toEqual({ id: "" });
  });
});

describe("update", () => {
  test("only what changed, in one PATCH", async () => {
    const integrationId = await existingIntegration();
    const inputs = await checked({ integrationId, enabled: false });
    const { outs } = await bed.integrationState.create(inputs);
    let updated!: IntegrationStateOutputs;
    const requests = await bed.requestsOf(async () => {
      ({ outs: updated } = await bed.integrationState.update(integrationId, outs, {
        ...inputs,
        enabled: true,
      }));
    });
    expect(requests).toBe(1);
    expect(updated).toEqual({ ...outs, enabled: true });
    expect((await bed.inspect.getIntegration(integrationId)).enabled).toBe(true);
  });

  test("onDelete only: no request", async () => {
    const integrationId = await existingIntegration();
    const inputs = await checked({ integrationId, enabled: false });
    const { outs } = await bed.integrationState.create(inputs);
    const requests = await bed.requestsOf(() =>
      bed.integrationState.update(integrationId, outs, { ...inputs, onDelete: "restore" }),
    );
    expect(requests).toBe(0);
  });
});

describe("delete follows onDelete", () => {
  test('"retain": no request, the integration keeps the managed value', async () => {
    const integrationId = await existingIntegration();
    const { outs } = await bed.integrationState.create(await checked({ integrationId, enabled: false }));
    expect(await bed.requestsOf(() => bed.integrationState.delete(integrationId, outs))).toBe(0);
    expect((await bed.inspect.getIntegration(integrationId)).enabled).toBe(false);
  });

  test('"restore": one PATCH puts enabled back', async () => {
    const integrationId = await existingIntegration();
    const { outs } = await bed.integrationState.create(
      await checked({ integrationId, enabled: false, onDelete: "restore" }),
    );
    // A destroy: a deployment of its own, which checks nothing (no claim on the integration).
    await bed.nextDeployment();
    expect(await bed.requestsOf(() => bed.integrationState.delete(integrationId, outs))).toBe(1);
    expect((await bed.inspect.getIntegration(integrationId)).enabled).toBe(true);
  });

  test('"restore" of an integration that is gone succeeds', async () => {
    const integrationId = await existingIntegration();
    const { outs } = await bed.integrationState.create(
      await checked({ integrationId, enabled: false, onDelete: "restore" }),
    );
    await bed.inspect.deleteIntegration(integrationId);
    await bed.nextDeployment();
    expect(await bed.requestsOf(() => bed.integrationState.delete(integrationId, outs))).toBeLessThanOrEqual(
      1,
    );
  });
});

describe("the value found before any stack touched the integration survives", () => {
  test.each(["retain", "restore"] as const)(
    "a replacement on the same integration (delete first, then create) with onDelete %s",
    async (onDelete) => {
      const integrationId = await existingIntegration();
      const old = await bed.integrationState.create(
        await checked({ integrationId, enabled: false, onDelete }),
      );
      expect(old.outs.priorEnabled).toBe(true);
      // `up --replace` as the engine drives it with the resource's deleteBeforeReplace default: the replacement
      // is checked (its claim), then the old one deleted, then the replacement created.
      const inputs = await checked({ integrationId, enabled: false, onDelete });
      // The old one's delete leaves the integration as the replacement will hold it: no request.
      expect(await bed.requestsOf(() => bed.integrationState.delete(integrationId, old.outs))).toBe(0);
      const replacement = await bed.integrationState.create(inputs);
      expect(replacement.outs).toMatchObject({ enabled: false, priorEnabled: true });
      expect((await bed.inspect.getIntegration(integrationId)).enabled).toBe(false);
    },
  );

  test("a PATCH that fails after the read is a partial create that keeps the value found", async () => {
    const integrationId = await existingIntegration();
    const inputs = await checked({ integrationId, enabled: false, onDelete: "restore" });
    bed.emulator.setFaults({ errorRate: 1, match: ["PATCH /api/v1/integrations/:integrationId"] });
    const partial = (await bed.integrationState
      .create({ ...inputs, __provider: "serialized-provider-text" } as CheckedIntegrationStateInputs)
      .catch((e: unknown) => e)) as PartialCreateError;
    bed.emulator.clearFaults();
    expect(partial).toBeInstanceOf(PartialCreateError);
    expect(partial.id).toBe(integrationId);
    expect(partial.properties).toEqual({
      integrationId,
      enabled: true,
      onDelete: "restore",
      resourceName: "state",
      priorEnabled: true,
      __provider: "serialized-provider-text",
    });
    // The next `up` finishes the job from the kept state; priorEnabled is still the value first found.
    const olds = partial.properties as IntegrationStateOutputs;
    const { outs } = await bed.integrationState.update(integrationId, olds, inputs);
    expect(outs).toMatchObject({ enabled: false, priorEnabled: true });
    expect((await bed.inspect.getIntegration(integrationId)).enabled).toBe(false);
  });
});

/**
 * The service's PATCH replaces authConfig as a whole and never shows a secret back: an IntegrationState
 * must not erase what it did not set, nor what it can never put back.
 */
describe("authConfig of an integration the stack does not own", () => {
  const clientSecret = "owner-client-secret-1";
  async function oauthIntegration() {
    const record = await bed.inspect.createIntegration({
      name: `oauth-owned-elsewhere-${++counter}`,
      appName: "github",
      authScheme: "OAUTH2",
      authConfig: { client_id: "owner-client-id", client_secret: clientSecret, scopes: ["repo"] },
      forceNewIntegration: true,
    });
    return record.id;
  }

  test("check refuses one that leaves out a secret the scheme lists, naming it and not quoting a value", async () => {
    const integrationId = await oauthIntegration();
    const before = bed.emulator.requestLog.count({ method: "PATCH" });
    const { failures } = await bed.integrationState.check(
      {},
      { integrationId, authConfig: { scopes: ["gist"] } },
    );
    expect(failures).toEqual([
      { property: "", reason: expect.stringMatching(/^authConfig\.client_secret is required: .*erase it/) },
    ]);
    expect(bed.emulator.requestLog.count({ method: "PATCH" })).toBe(before);
  });

  test("check passes when the id is not known yet, and once the secret is given", async () => {
    const integrationId = await oauthIntegration();
    const unknownId = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
    await checked({ integrationId: unknownId, authConfig: { scopes: ["gist"] } });
    await checked({ integrationId, authConfig: { client_secret: "new-secret", scopes: ["gist"] } });
  });

  test("create sends the visible keys it did not set along with its own; restore puts them back", async () => {
    const integrationId = await oauthIntegration();
    const inputs = await checked({
      integrationId,
      authConfig: { client_secret: "stack-secret", scopes: ["gist"] },
      onDelete: "restore",
    });
    const { outs } = await bed.integrationState.create(inputs);
    const patched = await bed.inspect.getIntegration(integrationId);
    expect(patched.authConfig).toMatchObject({ client_id: "owner-client-id", scopes: ["gist"] });
    expect(outs.unrestorableKeys).toEqual(["client_secret"]);
    await bed.nextDeployment();
    await bed.integrationState.delete(integrationId, outs);
    const restored = await bed.inspect.getIntegration(integrationId);
    expect(restored.authConfig).toMatchObject({ client_id: "owner-client-id", scopes: ["repo"] });
  });

  test("update keeps the visible keys someone else set meanwhile", async () => {
    const integrationId = await oauthIntegration();
    const first = await checked({ integrationId, authConfig: { client_secret: "s-1", scopes: ["gist"] } });
    const { outs } = await bed.integrationState.create(first);
    await bed.inspect.updateIntegration(integrationId, {
      authConfig: { client_id: "rotated-by-owner", client_secret: "s-1", scopes: ["gist"] },
    });
    const second = await checked({ integrationId, authConfig: { client_secret: "s-2", scopes: ["gist"] } });
    await bed.integrationState.update(integrationId, outs, second);
    expect((await bed.inspect.getIntegration(integrationId)).authConfig).toMatchObject({
      client_id: "rotated-by-owner",
    });
  });
});
