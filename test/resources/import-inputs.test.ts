/**
 * What `pulumi import` writes into a program comes from the inputs a read by id returns: the rows both front ends
 * serve (src/resources/index.ts) leave out every input that holds its default, so the generated code names only
 * what the object has. (The Java generator wrote `.deletionPolicy("delete")` for the enum's default, which javac
 * rejects.) A value other than the default stays. Real HTTP against the emulator.
 */
import { withInputCopies, withoutInputCopies } from "../../src/plugin/input-copies";
import { createResources } from "../../src/resources";
import { githubTokenAccount } from "../support/github-account";
import { startTestBed, type ProviderTestBed } from "./support";

let bed: ProviderTestBed;
const rows = createResources();
beforeAll(async () => {
  bed = await startTestBed();
  for (const row of Object.values(rows)) await row.handlers.configure({ config: bed.settings });
});
afterAll(() => bed.close());

// `pulumi import` reads with no stored outputs, which no row's outputs type allows.
const byId = (row: keyof typeof rows, id: string) => rows[row].handlers.read(id, {} as never);
type ConnectorOutputs = Parameters<typeof rows.connector.handlers.diff>[1];
/** A connector's read by id, typed as the connector's own. */
const connectorById = (id: string) => rows.connector.handlers.read(id, {} as never);

test("a connector at its defaults: name, app and scheme only", async () => {
  const made = await bed.inspect.createIntegration({
    name: "import-defaults",
    appName: "linear",
    authScheme: "API_KEY",
    forceNewIntegration: true,
  });
  expect((await byId("connector", made.id)).inputs).toEqual({
    name: "import-defaults",
    appName: "linear",
    authScheme: "API_KEY",
  });
});

test("a disabled connector keeps enabled: false; the outputs keep every default", async () => {
  const made = await bed.inspect.createIntegration({
    name: "import-disabled",
    appName: "linear",
    authScheme: "API_KEY",
    forceNewIntegration: true,
  });
  await bed.inspect.updateIntegration(made.id, { enabled: false });
  const read = await byId("connector", made.id);
  expect(read.inputs).toEqual({
    name: "import-disabled",
    appName: "linear",
    authScheme: "API_KEY",
    enabled: false,
  });
  expect(read.props).toMatchObject({ deletionPolicy: "delete", forceNewIntegration: true, enabled: false });
});

test("an integration's state: its id and enabled, without onDelete", async () => {
  const made = await bed.inspect.createIntegration({
    name: "import-state-defaults",
    appName: "linear",
    authScheme: "API_KEY",
    forceNewIntegration: true,
  });
  expect((await byId("integrationState", made.id)).inputs).toEqual({
    integrationId: made.id,
    enabled: true,
  });
});

test("a trigger instance: enabled left out while true, kept when false", async () => {
  const { accountId } = await githubTokenAccount(bed.inspect, {
    name: "import-defaults-gh",
    token: "t0ken-1",
  });
  const config = { owner: "octocat", repo: "defaults" };
  const { triggerId } = await bed.inspect.enableTrigger(accountId, "GITHUB_STAR_ADDED_EVENT", config);
  const base = {
    connectedAccountId: accountId,
    triggerName: "GITHUB_STAR_ADDED_EVENT",
    triggerConfig: config,
  };
  expect((await byId("triggerInstance", triggerId)).inputs).toEqual(base);
  await bed.inspect.setTriggerInstanceEnabled(triggerId, false);
  expect((await byId("triggerInstance", triggerId)).inputs).toEqual({ ...base, enabled: false });
});

test("the callback URL: the URL, without onDelete", async () => {
  await bed.inspect.setCallbackUrl("https://hooks.example.com/import-defaults");
  expect((await byId("triggerWebhook", "callback-url")).inputs).toEqual({
    url: "https://hooks.example.com/import-defaults",
  });
});

test("a refresh (stored state, not a read by id) returns every input, defaults included", async () => {
  const made = await bed.inspect.createIntegration({
    name: "import-refresh",
    appName: "linear",
    authScheme: "API_KEY",
    forceNewIntegration: true,
  });
  const imported = await connectorById(made.id);
  const refreshed = await rows.connector.handlers.read(made.id, imported.props!);
  expect(refreshed.inputs).toMatchObject({
    deletionPolicy: "delete",
    forceNewIntegration: true,
    enabled: true,
  });
});

test("the next diff of an imported connector, its inputs checked as a program gives them, changes nothing", async () => {
  const made = await bed.inspect.createIntegration({
    name: "import-next-diff",
    appName: "linear",
    authScheme: "API_KEY",
    forceNewIntegration: true,
  });
  const imported = await connectorById(made.id);
  // The engine stores the read's outputs as the plugin returns them (without copies of inputs) and its
  // inputs, from which the plugin derives the copies again: the applied identity the diff compares.
  const stored = withoutInputCopies(rows.connector, imported.props!);
  const checked = await rows.connector.handlers.check(imported.inputs!, imported.inputs!);
  expect(checked.failures).toEqual([]);
  const diff = await rows.connector.handlers.diff(
    made.id,
    withInputCopies(rows.connector, stored, imported.inputs!) as ConnectorOutputs,
    checked.inputs,
  );
  expect(diff).toMatchObject({ changes: false, replaces: [] });
});
