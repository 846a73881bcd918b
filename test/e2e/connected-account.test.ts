import type { ConnectedAccount } from "../../src/client";
import { NotFoundError } from "../../src/client";
import { distinctiveSecret, startE2eApi } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";
import { E2eStack } from "./support/e2e-stack";
import type { RecordedRun } from "./support/e2e-stack";
import { CONNECTED_ACCOUNT_TYPE, expectNoLeaksAndSmallProviders } from "./support/leak-checks";
import { opsOf, refreshResultsOf, requestsOf, succeeded, textOf, writesOf } from "./support/steps";

const CREATE = "POST /api/v1/connectedAccounts";
const GET = "GET /api/v1/connectedAccounts/:connectedAccountId";
const DELETE = "DELETE /api/v1/connectedAccounts/:connectedAccountId";
const GET_CONNECTOR = "GET /api/v1/integrations/:integrationId";
/** The account the provider reaches (client.id), read once per deployment: where each object lives is compared with it. */
const ACCOUNT = "GET /api/v1/client/auth/client_info";
/** The connector's accounts before the POST: what a lost response would be weighed against. */

async function accountOrUndefined(api: E2eApi, id: string): Promise<ConnectedAccount | undefined> {
  return api.client.getConnectedAccount(id).catch((error: unknown) => {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  });
}

/** One emulator for the file; each scenario has its own connector on it. */
let api: E2eApi;
beforeAll(async () => {
  api = await startE2eApi();
});
afterAll(() => api?.close());

/**
 * A Trello account through its whole life. As on the real service, the API_KEY connector is made without a
 * key, and the account's data holds the user's own key and token (the connector's expectedInputFields).
 */
describe("e2e: ConnectedAccount", () => {
  const userToken = distinctiveSecret("trello-user-token");
  const userKey = distinctiveSecret("trello-user-key");
  let stack: E2eStack;
  const runs: Record<string, RecordedRun> = {};
  const remote: Record<string, ConnectedAccount | undefined> = {};
  let firstId: string;
  let secondId: string;

  beforeAll(async () => {
    const connector = await api.client.createIntegration({
      name: "e2e-connected-account-trello",
      appName: "trello",
      authScheme: "API_KEY",
      forceNewIntegration: true,
    });
    stack = await E2eStack.create("connected-account", api, {
      config: { integrationId: connector.id, labels: '"ops"', entityId: "team-ops" },
      stack: { env: { E2E_USER_KEY: userKey, E2E_USER_TOKEN: userToken } },
    });

    runs.badInput = await stack.up();
    await stack.setConfig("labels", JSON.stringify(["ops"]));
    runs.create = succeeded(await stack.up());
    firstId = String(runs.create.outputs.accountId?.value);
    remote.created = await accountOrUndefined(api, firstId);
    runs.noop = succeeded(await stack.up());

    await stack.setConfig("labels", JSON.stringify(["ops", "on-call"]));
    runs.replace = succeeded(await stack.up());
    secondId = String(runs.replace.outputs.accountId?.value);
    remote.replacedOld = await accountOrUndefined(api, firstId);

    // Deleted by hand: a refresh drops it from state, the next up makes it again.
    await api.client.deleteConnectedAccount(secondId);
    runs.refresh = succeeded(await stack.refresh());
    runs.recreate = succeeded(await stack.up());
    const thirdId = String(runs.recreate.outputs.accountId?.value);

    runs.destroy = succeeded(await stack.destroy());
    remote.destroyed = await accountOrUndefined(api, thirdId);
  }, 300_000);

  afterAll(() => stack?.dispose());

  it("rejects labels that are not a list at check, naming the property, before any request", () => {
    expect(runs.badInput.error).toBeDefined();
    expect(textOf(runs.badInput)).toContain("labels");
    expect(textOf(runs.badInput)).toContain('must be a list of strings, e.g. ["team-a"]');
    expect(requestsOf(runs.badInput)).toEqual([]);
  });

  it("creates an ACTIVE account with one write, after check read its connector's expected fields", () => {
    expect(opsOf(runs.create, "deploy-bot")).toEqual(["create"]);
    // Nothing listed before the POST: the connector's accounts are read only after a lost response.
    expect(requestsOf(runs.create)).toEqual([GET_CONNECTOR, ACCOUNT, CREATE]);
    expect(runs.create.outputs.status).toEqual({ value: "ACTIVE", secret: false });
    expect(remote.created).toMatchObject({ id: firstId, status: "ACTIVE", entityId: "team-ops" });
  });

  it("changes nothing when nothing changed", () => {
    expect(opsOf(runs.noop, "deploy-bot")).toEqual(["same"]);
    expect(requestsOf(runs.noop)).toEqual([ACCOUNT]);
  });

  it("replaces on a label change (the service cannot change an account), new one first", () => {
    expect(opsOf(runs.replace, "deploy-bot")).toEqual(["create-replacement", "replace", "delete-replaced"]);
    expect(writesOf(runs.replace)).toEqual([CREATE, DELETE]);
    expect(secondId).not.toEqual(firstId);
    expect(remote.replacedOld).toBeUndefined();
  });

  it("drops an account deleted by hand on refresh (one read, after the account it lives in), and the next up makes it again", () => {
    expect(requestsOf(runs.refresh)).toEqual([ACCOUNT, GET]);
    // A refresh step ends as "delete" when it reads the resource as gone, and the resource leaves the
    // state.
    expect(refreshResultsOf(runs.refresh, "deploy-bot")).toEqual(["delete"]);
    const afterRefresh = stack.snapshots[stack.runs.indexOf(runs.refresh)] ?? [];
    expect(afterRefresh.filter((resource) => resource.type === CONNECTED_ACCOUNT_TYPE)).toEqual([]);
    expect(opsOf(runs.recreate, "deploy-bot")).toEqual(["create"]);
    expect(writesOf(runs.recreate)).toEqual([CREATE]);
  });

  it("deletes the account on destroy with one write", () => {
    expect(requestsOf(runs.destroy)).toEqual([ACCOUNT, DELETE]);
    expect(remote.destroyed).toBeUndefined();
  });

  it("keeps the user's key and token (secret data) and the API key out of state and logs", () => {
    expectNoLeaksAndSmallProviders(
      stack,
      { managed: { "user token": userToken, "user key": userKey }, other: { "API key": api.apiKey } },
      [CONNECTED_ACCOUNT_TYPE],
    );
  });
});

/**
 * The real service answers an account without its connector's required expectedInputFields with a 400 at
 * create. With the connector already there (its id known), the preview names the missing field, and the
 * up stops at check: nothing is created.
 */
describe("e2e: ConnectedAccount missing a per-account field", () => {
  let stack: E2eStack;
  let preview: RecordedRun;
  let up: RecordedRun;
  const userToken = distinctiveSecret("trello-user-token");

  beforeAll(async () => {
    const connector = await api.client.createIntegration({
      name: "e2e-connected-account-missing-key",
      appName: "trello",
      authScheme: "API_KEY",
      forceNewIntegration: true,
    });
    stack = await E2eStack.create("connected-account", api, {
      config: { integrationId: connector.id },
      stack: { env: { E2E_USER_TOKEN: userToken } },
    });
    preview = await stack.preview();
    up = await stack.up({ skipPreview: false });
  }, 120_000);

  afterAll(() => stack?.dispose());

  it("names data.api_key at preview and in the up, and creates nothing", () => {
    for (const run of [preview, up]) {
      expect(run.error).toBeDefined();
      expect(textOf(run)).toContain("data.api_key is required");
      expect(textOf(run)).not.toContain(userToken);
      expect(writesOf(run)).toEqual([]);
    }
    expect(requestsOf(preview)).toEqual([GET_CONNECTOR]);
  });
});

/** An OAuth connector's account waits for a person: the stack shows where they must go. */
describe("e2e: ConnectedAccount of an OAuth connector", () => {
  let stack: E2eStack;
  let up: RecordedRun;

  beforeAll(async () => {
    const connector = await api.client.createIntegration({
      name: "e2e-connected-account-oauth",
      appName: "github",
      authScheme: "OAUTH2",
      authConfig: { client_id: "e2e-client", client_secret: distinctiveSecret("client-secret") },
      forceNewIntegration: true,
    });
    stack = await E2eStack.create("connected-account", api, { config: { integrationId: connector.id } });
    up = succeeded(await stack.up());
  }, 120_000);

  afterAll(() => stack?.dispose());

  it("creates it INITIATED and outputs the redirect URL a person must open", () => {
    expect(up.outputs.status).toEqual({ value: "INITIATED", secret: false });
    expect(String(up.outputs.redirectUrl?.value)).toMatch(/^https?:\/\//);
  });
});
