/**
 * Autonaming (src/providers/autoname.ts): a connector without `name` is named from what check is given, so
 * that the preview's provider process and the update's (two processes under the real CLI) choose the same
 * name, and a replacement never takes the name the live connector holds. Each `createConnectorHandlers()`
 * here stands for one provider process; the account is an emulator over real HTTP.
 */
import { createHash } from "node:crypto";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { candidateName, firstFreeCandidate } from "../../src/resources/shared/autoname";
import { withConnection } from "../../src/resources/shared/connection";
import { createConnectorHandlers, type ConnectorHandlers } from "../../src/resources/connector/handlers";
import { diffConnector } from "../../src/resources/connector/diff";
import { UNKNOWN } from "../../src/resources/shared/unknowns";
import { GITHUB_AUTH, startTestBed, type ProviderTestBed } from "./support";

const SCOPE = "payments/prod/github";
const autonamed = { appName: "github", namePrefix: "github-", autonameScope: SCOPE };
const LIST = "GET /api/v1/integrations";
const GITHUB = { appName: "github", authConfig: GITHUB_AUTH, forceNewIntegration: true };

describe("candidateName: `<namePrefix><7 base-36 characters of sha256(<seed>/<k>)>`", () => {
  test("is the prefix and seven base-36 characters", () => {
    for (let k = 0; k < 50; k++) expect(candidateName("github-", SCOPE, k)).toMatch(/^github-[0-9a-z]{7}$/);
  });

  test("is a function of prefix, scope and k only: the same in every process and every version", () => {
    // Pinned: a change of the derivation would give later creates other names than the same inputs gave
    // before, and a preview made by one version would not match the update made by another.
    expect([0, 1, 2].map((k) => candidateName("github-", SCOPE, k))).toEqual([
      "github-pqzkobs",
      "github-hmftp34",
      "github-s5wtphp",
    ]);
    expect([0, 1, 2].map((k) => candidateName("github-", SCOPE, k))).toEqual([0, 1, 2].map(fromSpec));
  });

  test("differs between candidates, scopes (another stack or project) and prefixes", () => {
    const names = new Set([
      ...Array.from({ length: 100 }, (_, k) => candidateName("github-", SCOPE, k)),
      candidateName("github-", "payments/dev/github", 0),
      candidateName("github-", "billing/prod/github", 0),
      candidateName("github-", undefined, 0),
      candidateName("gh-", SCOPE, 0).replace(/^gh-/, "github-"),
    ]);
    expect(names.size).toBe(104);
  });

  test("firstFreeCandidate skips the taken candidates in order", () => {
    const [first, second, third] = [0, 1, 2].map((k) => candidateName("github-", SCOPE, k));
    expect(firstFreeCandidate("github-", SCOPE, new Set())).toBe(first);
    expect(firstFreeCandidate("github-", SCOPE, new Set([first]))).toBe(second);
    expect(firstFreeCandidate("github-", SCOPE, new Set([first, second, "other"]))).toBe(third);
    expect(firstFreeCandidate("github-", SCOPE, new Set([second]))).toBe(first);
  });
});

/**
 * The derivation as the README states it, written independently of the implementation: the seed is the
 * JSON of [namePrefix, scope]; the suffix is the first 8 bytes of sha256("<seed>/<k>") modulo 36^7.
 */
function fromSpec(k: number): string {
  const digest = createHash("sha256").update(`["github-","${SCOPE}"]/${k}`).digest("hex");
  return "github-" + (BigInt(`0x${digest.slice(0, 16)}`) % 36n ** 7n).toString(36).padStart(7, "0");
}

describe("check: a fresh autoname on the resource's account", () => {
  let bed: ProviderTestBed;
  /** A new provider process, configured like the test bed's. */
  const process_ = async (): Promise<ConnectorHandlers> => {
    const handlers = withConnection(createConnectorHandlers());
    await handlers.configure({ config: bed.settings });
    return handlers;
  };
  const nameIn = async (
    handlers: ConnectorHandlers,
    olds = {},
    news: Record<string, unknown> = autonamed,
  ) => {
    const result = await handlers.check(olds, news);
    expect(result.failures).toEqual([]);
    return result.inputs.name;
  };
  const listings = () => bed.emulator.requestLog.entries().filter((e) => `${e.method} ${e.route}` === LIST);

  beforeEach(async () => {
    bed = await startTestBed();
  });
  afterEach(() => bed.close());

  test("the preview's process and the update's choose the same name: the first free candidate", async () => {
    const preview = await nameIn(await process_());
    const update = await nameIn(await process_());
    expect(preview).toBe(candidateName("github-", SCOPE, 0));
    expect(update).toBe(preview);
  });

  test("the scope is consumed: it never reaches the checked inputs (nor state)", async () => {
    const { inputs } = await (await process_()).check({}, autonamed);
    expect(inputs).not.toHaveProperty("autonameScope");
    expect(inputs).toMatchObject({ name: candidateName("github-", SCOPE, 0), namePrefix: "github-" });
  });

  test("a name held by a live connector, enabled or disabled, is skipped; a deleted one is free again", async () => {
    const [first, second, third] = [0, 1, 2].map((k) => candidateName("github-", SCOPE, k));
    const holder = await bed.inspect.createIntegration({ name: first, ...GITHUB });
    expect(await nameIn(await process_())).toBe(second);
    const disabled = await bed.inspect.createIntegration({ name: second, ...GITHUB });
    await bed.inspect.updateIntegration(disabled.id, { enabled: false });
    expect(await nameIn(await process_())).toBe(third);
    await bed.inspect.deleteIntegration(holder.id);
    expect(await nameIn(await process_())).toBe(first);
  });

  test("lists the account once per process, and two resources of one seed never get the same name", async () => {
    const handlers = await process_();
    bed.emulator.requestLog.clear();
    const first = await nameIn(handlers);
    const second = await nameIn(handlers);
    const other = await nameIn(
      handlers,
      {},
      { ...autonamed, namePrefix: "slack-", autonameScope: "p/s/slack" },
    );
    expect(listings()).toHaveLength(1);
    expect([first, second]).toEqual([candidateName("github-", SCOPE, 0), candidateName("github-", SCOPE, 1)]);
    expect(other).toBe(candidateName("slack-", "p/s/slack", 0));
  });

  test("an update keeps the name of the old inputs, with no request", async () => {
    const handlers = await process_();
    const kept = "github-keptnam";
    expect(await bed.requestsOf(() => nameIn(handlers, { ...autonamed, name: kept }, autonamed))).toBe(0);
    expect(await nameIn(handlers, { name: kept, namePrefix: "github-", appName: "github" })).toBe(kept);
  });

  test("a new prefix, or a name that was fixed before, gets a fresh name", async () => {
    const handlers = await process_();
    const olds = { name: "github-keptnam", namePrefix: "github-", appName: "github" };
    expect(await nameIn(handlers, olds, { ...autonamed, namePrefix: "gh-" })).toBe(
      candidateName("gh-", SCOPE, 0),
    );
    expect(await nameIn(handlers, { name: "github-main", appName: "github" })).toBe(
      candidateName("github-", SCOPE, 0),
    );
  });

  test("a fresh name for an existing resource (a new prefix) is held only by the replacement's own check", async () => {
    // The engine's order for a replacing change: check with the old inputs (the name changes, so diff
    // replaces), then check again without them for the replacement, which must get the name shown.
    const handlers = await process_();
    const olds = { name: "github-keptnam", namePrefix: "github-", appName: "github" };
    const news = { ...autonamed, namePrefix: "gh-" };
    const shown = await nameIn(handlers, olds, news);
    expect(await nameIn(handlers, {}, news)).toBe(shown);
    expect(shown).toBe(candidateName("gh-", SCOPE, 0));
  });

  test("a prefix, scope or connection not known yet (a preview) leaves the name unknown, with no request", async () => {
    const handlers = await process_();
    const unknownConnection = { baseUrl: UNKNOWN, apiKey: "k" };
    const count = await bed.requestsOf(async () => {
      expect(await nameIn(handlers, {}, { ...autonamed, namePrefix: UNKNOWN })).toBe(UNKNOWN);
      expect(await nameIn(handlers, {}, { ...autonamed, autonameScope: UNKNOWN })).toBe(UNKNOWN);
      expect(await nameIn(handlers, {}, { ...autonamed, connection: unknownConnection })).toBe(UNKNOWN);
    });
    expect(count).toBe(0);
  });

  test("an invalid connection is reported as such, with no request to the stack's account", async () => {
    const handlers = await process_();
    bed.emulator.requestLog.clear();
    const result = await handlers.check(
      {},
      { ...autonamed, connection: { baseUrl: "ftp://x", apiKey: "k" } },
    );
    // Named in the reason, not as the property: the engine would print the connection, key included.
    expect(result.failures.map((failure) => [failure.property, failure.reason.split(" ")[0]])).toEqual([
      ["", "connection.baseUrl"],
    ]);
    expect(bed.emulator.requestLog.count()).toBe(0);
  });

  describe("with a connection: the names of that account count, not the stack config's", () => {
    let other: RunningEmulator;
    beforeEach(async () => {
      other = await startEmulator({ port: 0 });
    });
    afterEach(() => other.close());

    test("a name held on the stack's account is free on the connection's", async () => {
      await bed.inspect.createIntegration({ name: candidateName("github-", SCOPE, 0), ...GITHUB });
      const connection = { baseUrl: other.url, apiKey: other.apiKey };
      expect(await nameIn(await process_(), {}, { ...autonamed, connection })).toBe(
        candidateName("github-", SCOPE, 0),
      );
      expect(other.requestLog.count({ method: "GET", route: "/api/v1/integrations" })).toBe(1);
    });
  });

  test("without an API key the check fails with the settings error, autonamed or not", async () => {
    const handlers = withConnection(createConnectorHandlers());
    await handlers.configure({ config: { get: () => undefined } });
    const missing = [
      { property: "", reason: expect.stringContaining("Missing API key: set the secret stack config") },
    ];
    expect((await handlers.check({}, autonamed)).failures).toEqual(missing);
    expect((await handlers.check({}, { name: "github-main", appName: "github" })).failures).toEqual(missing);
  });
});

describe("a state written before autonameScope existed", () => {
  test("diffs clean against the inputs the new program gives", async () => {
    const bed = await startTestBed();
    try {
      const old = { appName: "github", namePrefix: "github-", authConfig: GITHUB_AUTH };
      const { inputs } = await bed.connector.check({}, old);
      const created = await bed.connector.create(inputs);
      // The old inputs (without the scope) as stored; the program now adds autonameScope.
      const stored = { ...inputs } as Record<string, unknown>;
      const { inputs: checked } = await bed.connector.check(stored, { ...old, autonameScope: SCOPE });
      expect(checked).toEqual(inputs);
      expect(diffConnector(created.outs, checked)).toMatchObject({ changes: false, replaces: [] });
    } finally {
      await bed.close();
    }
  });
});
