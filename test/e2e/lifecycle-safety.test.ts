/**
 * No connector is ever lost, stranded or silently co-owned, whatever sequence the engine drives: targeted
 * replacements (create-first, as the real engine runs them, or delete-first with the resource option), an
 * autonamed replacement, an IntegrationState replaced on the same integration, a second stack declaring
 * the same connector, a rename that `forceNewIntegration: false` would answer with the old connector, a
 * same-name replacement under a keeping deletionPolicy, a lost create response, and a partial create
 * followed by refresh and destroy. Each scenario failed on the code before lifecycle safety.
 */
import type { ConnectorRecord } from "../../src/client";
import { liveConnectorIds } from "../support/live-connectors";
import { distinctiveSecret, startE2eApi } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";
import { E2eStack } from "./support/e2e-stack";
import type { RecordedRun } from "./support/e2e-stack";
import {
  CONNECTOR_TYPE,
  INTEGRATION_STATE_TYPE,
  expectNoLeaksAndSmallProviders,
} from "./support/leak-checks";
import { opsOf, stepOf, succeeded, textOf, writesOf, writesTo } from "./support/steps";

const PROGRAM = "lifecycle-safety";

let api: E2eApi;
beforeAll(async () => {
  api = await startE2eApi();
});
afterAll(() => api?.close());

const liveNamed = (name: string) => liveConnectorIds(api.client, name);

/** The id state holds for a resource of the program. */
async function idInState(stack: E2eStack, name: string): Promise<string | undefined> {
  const resources = await stack.stack.resources();
  return resources.find((resource) => resource.urn.endsWith(`::${name}`) && !resource.delete)?.id;
}

const isLive = (record: ConnectorRecord) => record.deleted !== true;

describe("e2e: replacements never leave the stack pointing at a deleted connector", () => {
  const clientSecret = distinctiveSecret("linear-client-secret");
  let stack: E2eStack;
  let twin: E2eStack;
  let integrationId: string;
  let created: RecordedRun;
  let urnOf: (name: string) => string;
  const fixedName = "e2e-replace-fixed";

  beforeAll(async () => {
    const shared = await api.client.createIntegration({
      name: "e2e-shared-hackernews",
      appName: "hackernews",
      forceNewIntegration: true,
    });
    integrationId = shared.id;
    stack = await E2eStack.create(PROGRAM, api, {
      config: { fixedName, withAutonamed: "true", stateOf: integrationId },
      secrets: { clientSecret },
      stack: { stack: "replace" },
    });
    created = succeeded(await stack.up());
    urnOf = (name) => stepOf(created, name, "create").urn;
  }, 120_000);

  afterAll(async () => {
    await twin?.dispose();
    await stack?.dispose();
  });

  it("creates the fixed and the autonamed connector and the IntegrationState; an empty filter selects nothing", async () => {
    expect(opsOf(created, "fixed")).toEqual(["create"]);
    expect(created.outputs.autoName?.value).toMatch(/^auto-[0-9a-z]{7}$/);
    expect(created.outputs.priorEnabled?.value).toBe(true);
    expect(created.outputs.triggersOfNoIntegration?.value).toBe(0);
    expect((await api.client.getIntegration(integrationId)).enabled).toBe(false);
  });

  it("`up --replace` of a fixed name fails on the 409 before deleting anything, saying what to do", async () => {
    const fixedId = String(created.outputs.fixedId?.value);
    const run = await stack.up({ replace: [urnOf("fixed")], skipPreview: false });
    expect(run.error).toBeDefined();
    expect(textOf(run)).toContain(`is already used by connector ${fixedId}`);
    expect(textOf(run)).toContain("deleteBeforeReplace: true");
    // The engine creates first (no diff is asked for a targeted replacement): the POST got its 409 and
    // nothing else was written; the old connector is live and still the one state holds.
    expect(writesOf(run)).toEqual(["POST /api/v1/integrations"]);
    expect(await liveNamed(fixedName)).toEqual([fixedId]);
    expect(await idInState(stack, "fixed")).toBe(fixedId);
  }, 120_000);

  it("with the deleteBeforeReplace option, `up --replace` deletes first and ends on a live connector", async () => {
    const oldId = String(created.outputs.fixedId?.value);
    await stack.setConfig("deleteBeforeReplace", "true");
    const run = succeeded(await stack.up({ replace: [urnOf("fixed")], skipPreview: false }));
    const newId = String(run.outputs.fixedId?.value);
    expect(newId).not.toBe(oldId);
    expect(writesTo(run, oldId)).toEqual(["DELETE"]);
    expect(await liveNamed(fixedName)).toEqual([newId]);
    expect(await idInState(stack, "fixed")).toBe(newId);
  }, 120_000);

  it("`up --replace` of an autonamed connector creates the replacement first, under a fresh name", async () => {
    const oldId = String(created.outputs.autoId?.value);
    const oldName = String(created.outputs.autoName?.value);
    const run = succeeded(await stack.up({ replace: [urnOf("auto")], skipPreview: false }));
    const newName = String(run.outputs.autoName?.value);
    expect(newName).toMatch(/^auto-[0-9a-z]{7}$/);
    expect(newName).not.toBe(oldName);
    expect(opsOf(run, "auto")).toEqual(["create-replacement", "replace", "delete-replaced"]);
    expect((await api.client.getIntegration(oldId)).deleted).toBe(true);
    const newId = String(run.outputs.autoId?.value);
    expect(isLive(await api.client.getIntegration(newId))).toBe(true);
    expect(await idInState(stack, "auto")).toBe(newId);
  }, 120_000);

  it("a replacing change of an autonamed connector creates first too: the engine checks it again without olds", async () => {
    const oldId = await idInState(stack, "auto");
    const oldName = (await api.client.getIntegration(String(oldId))).name;
    await stack.setConfig("autoApp", "notion");
    const run = succeeded(await stack.up({ skipPreview: false }));
    expect(opsOf(run, "auto")).toEqual(["create-replacement", "replace", "delete-replaced"]);
    expect(String(run.outputs.autoName?.value)).not.toBe(oldName);
    expect((await api.client.getIntegration(String(oldId))).deleted).toBe(true);
    expect((await api.client.getIntegration(String(run.outputs.autoId?.value))).appName).toBe("notion");
  }, 120_000);

  it("a replacing change of a fixed-name connector deletes the old one first, as its diff asks, then creates it", async () => {
    const oldId = String(await idInState(stack, "fixed"));
    // No resource option now: the deleteBeforeReplace of the provider's diff answer decides. Created first,
    // the new connector would get a 409 on the name the old one holds.
    await stack.removeConfig("deleteBeforeReplace");
    await stack.setConfig("app", "notion");
    const run = succeeded(await stack.up({ skipPreview: false }));
    expect(opsOf(run, "fixed")).toEqual(["delete-replaced", "replace", "create-replacement"]);
    const newId = String(run.outputs.fixedId?.value);
    expect(writesTo(run, oldId)).toEqual(["DELETE"]);
    expect(await liveNamed(fixedName)).toEqual([newId]);
    expect((await api.client.getIntegration(newId)).appName).toBe("notion");
    expect(await idInState(stack, "fixed")).toBe(newId);
  }, 120_000);

  it("`up --replace` of an IntegrationState keeps the value found before any stack touched it", async () => {
    const run = succeeded(await stack.up({ replace: [urnOf("state")], skipPreview: false }));
    // Let go first (the resource's default), so the new one takes over what the old one found.
    expect(opsOf(run, "state")).toEqual(["delete-replaced", "replace", "create-replacement"]);
    expect(run.outputs.priorEnabled?.value).toBe(true);
    expect((await api.client.getIntegration(integrationId)).enabled).toBe(false);
  }, 120_000);

  it("a second stack declaring the same connector fails naming it, and its destroy leaves it alone", async () => {
    const holderId = String((await stack.up()).outputs.fixedId?.value);
    twin = await E2eStack.create(PROGRAM, api, {
      config: { fixedName },
      secrets: { clientSecret },
      stack: { stack: "replace-twin" },
    });
    const run = await twin.up();
    expect(run.error).toBeDefined();
    expect(textOf(run)).toContain(`is already used by connector ${holderId}`);
    expect(await idInState(twin, "fixed")).toBeUndefined();
    succeeded(await twin.destroy());
    expect(await liveNamed(fixedName)).toEqual([holderId]);
    expect(await idInState(stack, "fixed")).toBe(holderId);
  }, 120_000);

  it("destroy deletes both connectors and puts the integration's enabled back", async () => {
    const ids = [String((await stack.up()).outputs.fixedId?.value), await idInState(stack, "auto")];
    succeeded(await stack.destroy());
    for (const id of ids) expect((await api.client.getIntegration(String(id))).deleted).toBe(true);
    expect((await api.client.getIntegration(integrationId)).enabled).toBe(true);
  }, 120_000);

  it("keeps the API key and the client secret out of state, logs and provider output", () => {
    expectNoLeaksAndSmallProviders(
      stack,
      { managed: { "client secret": clientSecret }, other: { "API key": api.apiKey } },
      [CONNECTOR_TYPE, INTEGRATION_STATE_TYPE],
    );
  });
});

describe("e2e: a lost response, a keeping deletionPolicy and a hand-back are never taken silently", () => {
  const clientSecret = distinctiveSecret("notion-client-secret");
  const name = "e2e-handback";
  let stack: E2eStack;
  let first: RecordedRun;
  let firstId: string;

  beforeAll(async () => {
    stack = await E2eStack.create(PROGRAM, api, {
      config: { app: "notion", fixedName: name, forceNewIntegration: "false", deletionPolicy: "retain" },
      secrets: { clientSecret },
      stack: { stack: "handback" },
    });
    // The first POST is applied but its answer is lost (the connection is reset after the handler).
    api.emulator.setFaults({
      resetRate: 1,
      resetAfterHandler: true,
      remaining: 1,
      match: ["POST /api/v1/integrations"],
    });
    first = await stack.up();
    api.emulator.clearFaults();
    firstId = String(first.outputs.fixedId?.value);
  }, 120_000);

  afterAll(() => stack?.dispose());

  it("recovers the connector its lost POST provably made: one connector, its authConfig set again", async () => {
    succeeded(first);
    expect(await liveNamed(name)).toEqual([firstId]);
    // The POST sent again after the lost answer: with forceNewIntegration false the service hands back the
    // connector the first one made (provably this call's: made after the first POST left, by the service's
    // clock, and matching what was sent), then the authConfig set again, since its secret values cannot be
    // compared. Two POSTs, one connector.
    expect(writesOf(first)).toEqual([
      "POST /api/v1/integrations",
      "POST /api/v1/integrations",
      "PATCH /api/v1/integrations/:integrationId",
    ]);
  });

  it("refuses at preview, before any write, a same-name replacement that would keep the old connector", async () => {
    // A keyless API_KEY connector in place of the OAuth one: a change of scheme replaces it.
    await stack.setConfig("authScheme", "API_KEY");
    const preview = await stack.preview();
    const requests = api.emulator.requestLog.entries().map((entry) => `${entry.method} ${entry.route}`);
    await stack.removeConfig("authScheme");
    expect(preview.error).toBeDefined();
    expect(textOf(preview)).toContain('its deletionPolicy "retain" keeps the old connector');
    expect(textOf(preview)).toContain("leave name unset to autoname it");
    // Only the account the provider reaches, which the diff compares with the one the connector lives in.
    expect(requests).toEqual(["GET /api/v1/client/auth/client_info"]);
  }, 120_000);

  it("a rename that forceNewIntegration: false would answer with the old connector fails, and keeps it", async () => {
    await stack.setConfig("deletionPolicy", "delete"); // recorded in state only
    succeeded(await stack.up());
    await stack.setConfig("fixedName", `${name}-renamed`);
    const run = await stack.up({ skipPreview: false });
    expect(run.error).toBeDefined();
    expect(textOf(run)).toContain(
      `with forceNewIntegration: false the service handed back its existing connector ${firstId}`,
    );
    // Seen in the POST's answer (nothing is listed before a create): the POST is the one write, and the
    // service made nothing of it.
    expect(writesOf(run)).toEqual(["POST /api/v1/integrations"]);
    expect(isLive(await api.client.getIntegration(firstId))).toBe(true);
    expect(await idInState(stack, "fixed")).toBe(firstId);
  }, 120_000);

  it("keeps the API key and the client secret out of state, logs and provider output", () => {
    expectNoLeaksAndSmallProviders(
      stack,
      { managed: { "client secret": clientSecret }, other: { "API key": api.apiKey } },
      [CONNECTOR_TYPE],
    );
  });
});

describe("e2e: a partial create is kept with its provider, so refresh, the next up and destroy work", () => {
  const clientSecret = distinctiveSecret("partial-client-secret");
  let stack: E2eStack;
  let up: RecordedRun;
  let refresh: RecordedRun;
  let retried: RecordedRun;
  let idAfterRetry: string | undefined;
  let enabledAfterRetry: boolean | undefined;
  let destroy: RecordedRun;
  let id: string | undefined;

  beforeAll(async () => {
    stack = await E2eStack.create(PROGRAM, api, {
      config: { fixedName: "e2e-partial", enabled: "false" },
      secrets: { clientSecret },
      stack: { stack: "partial" },
    });
    // The POST succeeds; the PATCH that disables the new connector fails.
    api.emulator.setFaults({ errorRate: 1, match: ["PATCH /api/v1/integrations/:integrationId"] });
    up = await stack.up();
    api.emulator.clearFaults();
    id = await idInState(stack, "fixed");
    refresh = await stack.refresh();
    retried = await stack.up();
    idAfterRetry = await idInState(stack, "fixed");
    enabledAfterRetry = (await api.client.getIntegration(String(idAfterRetry))).enabled;
    destroy = await stack.destroy();
  }, 180_000);

  afterAll(() => stack?.dispose());

  it("reports the partial create and keeps the connector in state", () => {
    expect(up.error).toContain("was created");
    expect(id).toMatch(/\S/);
  });

  it("refresh loads the provider from what was stored", () => {
    expect(refresh.error).toBeUndefined();
  });

  it("the next up finishes the setup on the same connector: the PATCH again, no second POST", async () => {
    expect(retried.error).toBeUndefined();
    expect(writesOf(retried)).toEqual(["PATCH /api/v1/integrations/:integrationId"]);
    expect(idAfterRetry).toBe(id);
    expect(enabledAfterRetry).toBe(false);
  });

  it("destroy then deletes the connector", async () => {
    expect(destroy.error).toBeUndefined();
    expect(writesTo(destroy, String(id))).toEqual(["DELETE"]);
    expect((await api.client.getIntegration(String(id))).deleted).toBe(true);
  });
});

describe("e2e: ignoreChanges keeps an out-of-band change across `up --refresh`", () => {
  const clientSecret = distinctiveSecret("github-secret");
  let stack: E2eStack;
  let id: string;
  let refreshed: RecordedRun;
  let again: RecordedRun;

  beforeAll(async () => {
    stack = await E2eStack.create(PROGRAM, api, {
      config: { fixedName: "e2e-ignore-fixed", withIgnoreChanges: "true" },
      secrets: { clientSecret },
      stack: { stack: "ignore" },
    });
    id = String(succeeded(await stack.up()).outputs.watchedId?.value);
    // Someone else sets the client id (a PATCH replaces the whole config).
    await api.client.updateIntegration(id, {
      authConfig: { client_id: "changed-elsewhere", client_secret: clientSecret },
    });
    refreshed = succeeded(await stack.up({ refresh: true }));
    again = succeeded(await stack.up());
  }, 180_000);

  afterAll(() => stack?.dispose());

  it("the refresh sees the change, and neither up writes it back", async () => {
    expect(writesTo(refreshed, id)).toEqual([]);
    expect(writesTo(again, id)).toEqual([]);
    expect((await api.client.getIntegration(id)).authConfig.client_id).toBe("changed-elsewhere");
  });

  it("state holds the value found, as output and as input", async () => {
    const watched = (await stack.stack.resources()).find((resource) => resource.urn.endsWith("::watched"));
    expect(JSON.stringify(watched?.outputs.authConfig)).toContain("changed-elsewhere");
    expect(JSON.stringify(watched?.inputs.authConfig)).toContain("changed-elsewhere");
  });
});
