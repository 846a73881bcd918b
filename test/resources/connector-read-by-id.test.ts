import { GITHUB_AUTH, startTestBed, type ProviderTestBed } from "./support";

/** `pulumi import` reads by id alone: the connector's read with empty props (the plugin's Read sends them). */
let bed: ProviderTestBed;
beforeAll(async () => {
  bed = await startTestBed();
});
afterAll(() => bed.close());

describe("read by id alone (import)", () => {
  test("one GET; returns the record as outputs and the inputs that would have made it", async () => {
    const made = await bed.inspect.createIntegration({
      name: "made-outside",
      appName: "github",
      authScheme: "BEARER_TOKEN",
      forceNewIntegration: true,
    });
    let read!: Awaited<ReturnType<typeof bed.connector.read>>;
    expect(await bed.requestsOf(async () => (read = await bed.connector.read(made.id, {} as never)))).toBe(1);
    expect(read.id).toBe(made.id);
    expect(read.inputs).toEqual({
      name: "made-outside",
      appName: "github",
      authScheme: "BEARER_TOKEN",
      enabled: true,
      useServiceAuth: false,
      forceNewIntegration: true,
      deletionPolicy: "delete",
    });
    expect(read.props).toMatchObject({
      name: "made-outside",
      appName: "github",
      appId: made.appId,
      enabled: true,
      deletionPolicy: "delete",
      lastApplied: {
        name: "made-outside",
        appName: "github",
        authScheme: "BEARER_TOKEN",
        useServiceAuth: false,
      },
    });
    expect(read.props).not.toHaveProperty("authConfig");
  });

  test("the same inputs from a program then diff clean; an authConfig given by the program is an update", async () => {
    const made = await bed.inspect.createIntegration({
      name: "made-outside-oauth",
      appName: "github",
      authScheme: "OAUTH2",
      authConfig: GITHUB_AUTH,
      forceNewIntegration: true,
    });
    const { props, inputs } = await bed.connector.read(made.id, {} as never);
    const program = { name: "made-outside-oauth", appName: "github", authScheme: "OAUTH2" };
    const checked = await bed.connector.check(inputs!, program);
    expect(checked.failures).toEqual([]);
    expect(await bed.connector.diff(made.id, props!, checked.inputs)).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: true,
    });
    const withAuth = await bed.connector.check(inputs!, { ...program, authConfig: GITHUB_AUTH });
    expect(await bed.connector.diff(made.id, props!, withAuth.inputs)).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: true,
    });
  });

  test("an unknown id is gone: empty id", async () => {
    expect(await bed.connector.read("no-such-connector", {} as never)).toEqual({ id: "" });
  });
});
