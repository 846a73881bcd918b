/**
 * The first `pulumi up` after `pulumi import` of a connector must change nothing. The import stores the inputs
 * a read by id returns, without those at their default (src/resources/shared/read-by-id.ts); the plugin derives
 * the applied identity diff compares with from those old inputs (src/plugin/input-copies.ts), so a default left
 * out there once read as a change of `useServiceAuth`, which replaces the connector (delete first: its name is
 * fixed), taking its connected accounts with it. The sequence fuzzer's `import-up` step found it.
 */
import { withInputCopies } from "../../src/plugin/input-copies";
import { RESOURCES } from "../../src/resources";
import { diffConnector } from "../../src/resources/connector/diff";
import type { CheckedConnectorInputs, ConnectorOutputs } from "../../src/resources/connector/definition";

const row = RESOURCES.connector;
/** What `pulumi import` of a hand-made GitHub connector stores: inputs without defaults, outputs in full. */
const importedInputs = { name: "hand-made", appName: "github", authScheme: "BEARER_TOKEN" };
const importedOutputs = {
  name: "hand-made",
  appId: "app-1",
  appName: "github",
  authScheme: "BEARER_TOKEN",
  enabled: true,
  useServiceAuth: false,
  forceNewIntegration: true,
  deletionPolicy: "delete",
  deleted: false,
};
/** The generated program's inputs, as check fills the defaults in. */
const checked = {
  ...importedInputs,
  enabled: true,
  useServiceAuth: false,
  forceNewIntegration: true,
  deletionPolicy: "delete",
} as unknown as CheckedConnectorInputs;

test("the imported connector's applied identity holds the defaults the import left out", () => {
  const olds = withInputCopies(row, importedOutputs, importedInputs);
  expect(olds.lastApplied).toEqual({
    name: "hand-made",
    appName: "github",
    authScheme: "BEARER_TOKEN",
    useServiceAuth: false,
  });
});

test("declaring the imported connector as generated changes and replaces nothing", () => {
  const olds = withInputCopies(row, importedOutputs, importedInputs) as unknown as ConnectorOutputs;
  expect(diffConnector(olds, checked)).toMatchObject({ changes: false, replaces: [] });
});

test("a value other than the default still differs", () => {
  const olds = withInputCopies(row, importedOutputs, importedInputs) as unknown as ConnectorOutputs;
  const serviceAuth = { ...checked, useServiceAuth: true } as CheckedConnectorInputs;
  expect(diffConnector(olds, serviceAuth).replaces).toEqual(["useServiceAuth"]);
});
