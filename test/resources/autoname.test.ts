/**
 * Autonaming (src/resources/shared/autoname.ts): a connector without `name` is named by its create, with no
 * request but its POST: the first candidate derived from its prefix and scope that no live connector holds
 * (the service answers a taken name with a 409, and names are unique among live connectors, disabled ones
 * included). check sends nothing. A replacement, created before the old connector is deleted, never takes the
 * name the live connector holds. The account is an emulator over real HTTP.
 */
import { createHash } from "node:crypto";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { AUTONAME_CANDIDATES, candidateName } from "../../src/resources/shared/autoname";
import { diffConnector } from "../../src/resources/connector/diff";
import { UNKNOWN } from "../../src/resources/shared/unknowns";
import type { CheckedConnectorInputs } from "../../src/resources/connector/definition";
import { GITHUB_AUTH, startTestBed, type ProviderTestBed } from "./support";

const SCOPE = "payments/prod/github";
const autonamed = { appName: "github", namePrefix: "github-", autonameScope: SCOPE };
const POST = "POST /api/v1/integrations";
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
});

/**
 * The derivation as the README states it, written independently of the implementation: the seed is the
 * JSON of [namePrefix, scope]; the suffix is the first 8 bytes of sha256("<seed>/<k>") modulo 36^7.
 */
function fromSpec(k: number): string {
  const digest = createHash("sha256").update(`["github-","${SCOPE}"]/${k}`).digest("hex");
  return "github-" + (BigInt(`0x${digest.slice(0, 16)}`) % 36n ** 7n).toString(36).padStart(7, "0");
}

describe("check: the prefix and scope an autoname is derived from, with no request", () => {
  let bed: ProviderTestBed;
  beforeEach(async () => {
    bed = await startTestBed();
  });
  afterEach(() => bed.close());

  test("keeps the prefix and the scope and gives no name, whatever the old inputs held", async () => {
    const count = await bed.requestsOf(async () => {
      const fresh = await bed.connector.check({}, autonamed);
      expect(fresh).toEqual({ inputs: expect.objectContaining(autonamed), failures: [] });
      expect(fresh.inputs).not.toHaveProperty("name");
      // State written before 0.3 holds the autoname in its inputs: it is not carried over (it is an output).
      const upgraded = await bed.connector.check({ ...autonamed, name: "github-keptnam" }, autonamed);
      expect(upgraded.inputs).not.toHaveProperty("name");
      const unknownPrefix = await bed.connector.check({}, { ...autonamed, namePrefix: UNKNOWN });
      expect(unknownPrefix.inputs).toMatchObject({ namePrefix: UNKNOWN });
    });
    expect(count).toBe(0);
  });
});

describe("create: the first candidate no live connector holds, one POST per candidate", () => {
  let bed: ProviderTestBed;
  const checked = async (news: Record<string, unknown> = autonamed) => {
    const result = await bed.connector.check({}, { ...news, authConfig: GITHUB_AUTH });
    expect(result.failures).toEqual([]);
    return result.inputs;
  };
  /** The create's requests, as the emulator logged them. */
  const createLogged = async (inputs: CheckedConnectorInputs) => {
    bed.emulator.requestLog.clear();
    const created = await bed.connector.create(inputs);
    const requests = bed.emulator.requestLog.entries().map((entry) => `${entry.method} ${entry.route}`);
    return { ...created, requests: requests.filter((request) => !request.endsWith("client_info")) };
  };

  beforeEach(async () => {
    bed = await startTestBed();
  });
  afterEach(() => bed.close());

  test("in an account without it, candidate 0 with one POST, recorded in the outputs and last applied", async () => {
    const { outs, requests } = await createLogged(await checked());
    expect(outs.name).toBe(candidateName("github-", SCOPE, 0));
    expect(outs.lastApplied.name).toBe(outs.name);
    expect(requests).toEqual([POST]);
  });

  test("a name held by a live connector, enabled or disabled, is skipped; a deleted one is free again", async () => {
    const [first, second, third] = [0, 1, 2].map((k) => candidateName("github-", SCOPE, k));
    const holder = await bed.inspect.createIntegration({ name: first, ...GITHUB });
    const disabled = await bed.inspect.createIntegration({ name: second, ...GITHUB });
    await bed.inspect.updateIntegration(disabled.id, { enabled: false });
    const skipped = await createLogged(await checked());
    expect(skipped.outs.name).toBe(third);
    expect(skipped.requests).toEqual([POST, POST, POST]);
    // The holders were not touched.
    expect(await bed.liveNamed(first)).toEqual([holder.id]);
    expect(await bed.liveNamed(second)).toEqual([disabled.id]);
    await bed.inspect.deleteIntegration(holder.id);
    expect((await createLogged(await checked())).outs.name).toBe(first);
  });

  test("a replacement, created while the old connector lives, and a second resource of one seed get another name", async () => {
    const inputs = await checked();
    const old = await bed.connector.create(inputs);
    const replacement = await bed.connector.create(inputs);
    expect([old.outs.name, replacement.outs.name]).toEqual(
      [0, 1].map((k) => candidateName("github-", SCOPE, k)),
    );
  });

  test("the scope tells stacks apart: another stack's resource of the same logical name gets its own candidates", async () => {
    const prod = await bed.connector.create(await checked());
    const dev = await bed.connector.create(
      await checked({ ...autonamed, autonameScope: "payments/dev/github" }),
    );
    expect(dev.outs.name).toBe(candidateName("github-", "payments/dev/github", 0));
    expect(prod.outs.name).not.toBe(dev.outs.name);
  });

  test(`gives up after ${AUTONAME_CANDIDATES} taken candidates, naming them, having made nothing`, async () => {
    const names = Array.from({ length: AUTONAME_CANDIDATES }, (_, k) => candidateName("github-", SCOPE, k));
    for (const name of names) await bed.inspect.createIntegration({ name, ...GITHUB });
    const before = bed.emulator.requestLog.count({ method: "POST", route: "/api/v1/integrations" });
    await expect(bed.connector.create(await checked())).rejects.toThrow(
      `the ${AUTONAME_CANDIDATES} names derived from namePrefix "github-" (${names.join(", ")}) are all held`,
    );
    const posts = bed.emulator.requestLog.count({ method: "POST", route: "/api/v1/integrations" }) - before;
    expect(posts).toBe(AUTONAME_CANDIDATES);
    const live = await Promise.all(names.map((name) => bed.liveNamed(name)));
    expect(live.every((ids) => ids.length === 1)).toBe(true);
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
      const { outs } = await bed.connector.create(await checked({ ...autonamed, connection }));
      expect(outs.name).toBe(candidateName("github-", SCOPE, 0));
      expect(other.requestLog.count({ method: "POST", route: "/api/v1/integrations" })).toBe(1);
    });
  });
});

describe("diff: an autoname is kept while its prefix is", () => {
  let bed: ProviderTestBed;
  beforeEach(async () => {
    bed = await startTestBed();
  });
  afterEach(() => bed.close());

  test("the same prefix: no change, whatever the scope (a rename or a move keeps the connector)", async () => {
    const { inputs } = await bed.connector.check({}, { ...autonamed, authConfig: GITHUB_AUTH });
    const { outs } = await bed.connector.create(inputs);
    expect(diffConnector(outs, inputs)).toMatchObject({ changes: false, replaces: [] });
    const moved = { ...inputs, autonameScope: "payments/dev/renamed" };
    expect(diffConnector(outs, moved)).toMatchObject({ changes: false, replaces: [] });
  });

  test("another prefix, or a prefix where a name was given, replaces: the replacement is named afresh", async () => {
    const { inputs } = await bed.connector.check({}, { ...autonamed, authConfig: GITHUB_AUTH });
    const { outs } = await bed.connector.create(inputs);
    expect(diffConnector(outs, { ...inputs, namePrefix: "gh-" })).toMatchObject({
      replaces: ["name"],
      deleteBeforeReplace: false,
    });
    const named = await bed.connector.check(
      {},
      { appName: "github", name: "github-main", authConfig: GITHUB_AUTH },
    );
    const fixed = await bed.connector.create(named.inputs);
    expect(diffConnector(fixed.outs, inputs)).toMatchObject({ replaces: ["name"] });
  });

  test("a state written before 0.3 (the autoname in its inputs, no scope) diffs clean", async () => {
    const old = { appName: "github", namePrefix: "github-", authConfig: GITHUB_AUTH };
    const { inputs } = await bed.connector.check({}, old);
    const created = await bed.connector.create(inputs);
    const stored = { ...inputs, name: created.outs.name } as Record<string, unknown>;
    const { inputs: checked } = await bed.connector.check(stored, { ...old, autonameScope: SCOPE });
    expect(diffConnector(created.outs, checked)).toMatchObject({ changes: false, replaces: [] });
  });
});
