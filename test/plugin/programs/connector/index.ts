// Connectors of the provider plugin, registered by token as a generated SDK would (none exists yet): the
// plugin `integrations` serves `integrations:index:Connector`. One uses the default provider (the stack
// config), one an explicit provider of another account, and one, made outside the stack and imported with
// `pulumi import`, is declared once config names it.
import * as pulumi from "@pulumi/pulumi";

interface ConnectorArgs {
  name: pulumi.Input<string>;
  appName: pulumi.Input<string>;
  authScheme: pulumi.Input<string>;
  authConfig?: pulumi.Input<Record<string, pulumi.Input<unknown>>>;
  enabled?: pulumi.Input<boolean>;
}

class Connector extends pulumi.CustomResource {
  declare readonly name: pulumi.Output<string>;
  declare readonly enabled: pulumi.Output<boolean>;
  declare readonly appId: pulumi.Output<string>;

  constructor(name: string, args: ConnectorArgs, opts: pulumi.CustomResourceOptions) {
    // Outputs that are not inputs are listed (undefined) so that the SDK resolves them.
    super("integrations:index:Connector", name, { appId: undefined, ...args }, opts);
  }
}

/** An explicit provider of the package (a generated SDK's `integrations.Provider`). */
class Provider extends pulumi.ProviderResource {
  constructor(name: string, args: Record<string, pulumi.Input<string>>, opts: pulumi.ResourceOptions) {
    super("integrations", name, args, opts);
  }
}

const config = new pulumi.Config();
const opts = { version: config.require("pluginVersion") };

const connector = new Connector(
  "connector",
  {
    name: config.require("name"),
    appName: "github",
    authScheme: "OAUTH2",
    // A plain value on purpose (no SDK marks it): the engine keeps secret only what is given as one, so
    // authConfig is secret in state only if the plugin marks it, as its definition says.
    authConfig: {
      client_id: "plugin-e2e-client-id",
      client_secret: config.require("clientSecret"),
      scopes: ["repo"],
    },
  },
  opts,
);

export const connectorId = connector.id;
export const connectorEnabled = connector.enabled;

// An explicit provider with its own arguments. Its base URL waits for the first connector's id, so a
// preview of the first up does not know it: the preview must still show what this provider's resources do.
const secondBaseUrl = config.require("secondBaseUrl");
const second = new Provider(
  "second",
  { baseUrl: connector.id.apply(() => secondBaseUrl), apiKey: config.requireSecret("secondApiKey") },
  opts,
);
const other = new Connector(
  "other",
  { name: "plugin-e2e-other", appName: "github", authScheme: "BEARER_TOKEN" },
  { ...opts, provider: second },
);
export const otherId = other.id;

const importedName = config.get("importedName");
// The inputs of the connector made outside the stack: what the import read, and nothing it could not.
export const importedId = importedName
  ? new Connector("imported", { name: importedName, appName: "github", authScheme: "BEARER_TOKEN" }, opts).id
  : undefined;
