/**
 * The Connector's handlers against a service as it really answers, where that departs from the contract:
 * names trimmed, app names resolved without regard to case, secret values masked.
 */
import type { CheckedConnectorInputs } from "../../src/resources/connector/definition";
import { GITHUB_AUTH, startTestBed, type ProviderTestBed } from "./support";

let counter = 0;
const fresh = (label: string) => `${label}-${++counter}`;

async function checked(bed: ProviderTestBed, news: Record<string, unknown>): Promise<CheckedConnectorInputs> {
  const { inputs, failures } = await bed.connector.check({}, news);
  expect(failures).toEqual([]);
  return inputs;
}

describe("a name with spaces around it (the service trims names) is refused at check", () => {
  let bed: ProviderTestBed;
  beforeAll(async () => {
    bed = await startTestBed();
  });
  afterAll(() => bed.close());
  const check = (news: Record<string, unknown>) => bed.connector.check({}, news);

  test("the service trims a name it is sent (the fact the rule is for)", async () => {
    const record = await bed.inspect.createIntegration({
      name: "  padded-name ",
      appName: "github",
      authConfig: GITHUB_AUTH,
      forceNewIntegration: true,
    });
    expect(record.name).toBe("padded-name");
  });

  test("name: the field, the rule and the name to write instead", async () => {
    const { failures } = await check({ name: "  github-main ", appName: "github" });
    expect(failures).toEqual([
      {
        property: "name",
        reason:
          "must not start or end with spaces: the service trims connector names, so the connector would " +
          'not be named as written; write "github-main"',
      },
    ]);
  });

  test("a blank name, and a namePrefix with spaces before it", async () => {
    const blank = await check({ name: "   ", appName: "github" });
    expect(blank.failures).toEqual([
      { property: "name", reason: expect.stringContaining("give one with other characters") },
    ]);
    const prefix = await check({ namePrefix: " gh-", appName: "github" });
    expect(prefix.failures).toEqual([
      {
        property: "namePrefix",
        reason: expect.stringMatching(/^must not start with spaces: .*write "gh-"$/),
      },
    ]);
    // Spaces inside a name, or after a prefix (the autoname's suffix follows it), are kept as they are.
    for (const inputs of [{ name: "git hub" }, { namePrefix: "gh " }]) {
      expect((await check({ ...inputs, appName: "github" })).failures).toEqual([]);
    }
  });
});

describe('appName is compared as the service compares it: "GitHub" is "github"', () => {
  let bed: ProviderTestBed;
  beforeAll(async () => {
    bed = await startTestBed({ "integrations:maxRetries": "2" });
  });
  afterAll(() => bed.close());

  test('the service makes and shows the app of appName "GitHub" as "github"', async () => {
    const record = await bed.inspect.createIntegration({
      name: fresh("case-fact"),
      appName: "GitHub",
      authScheme: "OAUTH2",
      authConfig: GITHUB_AUTH,
      forceNewIntegration: true,
    });
    expect(record.appName).toBe("github");
  });

  test("adoptId takes over the connector when the program spells the app another way", async () => {
    const name = fresh("adopt-case");
    const existing = await bed.inspect.createIntegration({
      name,
      appName: "github",
      authScheme: "OAUTH2",
      authConfig: GITHUB_AUTH,
      forceNewIntegration: true,
    });
    const inputs = await checked(bed, {
      name,
      adoptId: existing.id,
      appName: "GitHub",
      authScheme: "OAUTH2",
      authConfig: GITHUB_AUTH,
    });
    const { id } = await bed.connector.create(inputs);
    expect(id).toBe(existing.id);
  });

  test("a lost create response is recovered as this call's own", async () => {
    const name = fresh("lost-case");
    const inputs = await checked(bed, {
      name,
      appName: "GitHub",
      authScheme: "OAUTH2",
      authConfig: GITHUB_AUTH,
    });
    bed.loseNextCreateResponse();
    const { id, outs } = await bed.connector.create(inputs);
    bed.emulator.clearFaults();
    expect(await bed.liveNamed(name)).toEqual([id]);
    expect(outs).toMatchObject({ name, appName: "github", authConfig: GITHUB_AUTH });
  });

  test("respelling the app's name is no replacement", async () => {
    const inputs = await checked(bed, {
      name: fresh("respell"),
      appName: "GitHub",
      authScheme: "OAUTH2",
      authConfig: GITHUB_AUTH,
    });
    const { id, outs } = await bed.connector.create(inputs);
    const respelt = await checked(bed, { ...inputs, appName: "GITHUB" });
    const diff = await bed.connector.diff(id, outs, respelt);
    expect(diff.replaces ?? []).toEqual([]);
  });
});

describe('a service that masks secret values ("****") instead of leaving them out', () => {
  let bed: ProviderTestBed;
  beforeAll(async () => {
    bed = await startTestBed({ "integrations:maxRetries": "2" }, { secretValues: "masked" });
  });
  afterAll(() => bed.close());

  test('masks them (the emulator\'s secretValues: "masked")', async () => {
    const response = await fetch(`${bed.emulator.url}/api/v1/integrations`, {
      method: "POST",
      headers: { "x-api-key": bed.emulator.apiKey, "content-type": "application/json" },
      body: JSON.stringify({ name: fresh("mask-fact"), appName: "github", authConfig: GITHUB_AUTH }),
    });
    expect(((await response.json()) as { authConfig: unknown }).authConfig).toEqual({
      ...GITHUB_AUTH,
      client_secret: "****",
    });
  });

  test("a refresh keeps the applied secret, and the next diff finds no change", async () => {
    const inputs = await checked(bed, { name: fresh("masked"), appName: "github", authConfig: GITHUB_AUTH });
    const { id, outs } = await bed.connector.create(inputs);
    const read = await bed.connector.read(id, outs);
    expect(read.props?.authConfig).toEqual(GITHUB_AUTH);
    const diff = await bed.connector.diff(id, read.props!, read.inputs as CheckedConnectorInputs);
    expect(diff.changes).toBe(false);
    expect((await bed.connector.diff(id, read.props!, inputs)).changes).toBe(false);
  });

  test("a lost create response is recovered: the mask is no proof of another value", async () => {
    const name = fresh("masked-lost");
    const inputs = await checked(bed, { name, appName: "github", authConfig: GITHUB_AUTH });
    bed.loseNextCreateResponse();
    const { id } = await bed.connector.create(inputs);
    bed.emulator.clearFaults();
    expect(await bed.liveNamed(name)).toEqual([id]);
  });
});
