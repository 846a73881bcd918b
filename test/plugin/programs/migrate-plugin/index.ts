// The same stack after the move: the same resources with the same inputs, served by the provider plugin
// (`integrations:index:Connector`, registered by token as a generated SDK's class does).
import * as pulumi from "@pulumi/pulumi";

interface ConnectorArgs {
  name?: pulumi.Input<string>;
  appName: pulumi.Input<string>;
  authScheme: pulumi.Input<string>;
  authConfig?: pulumi.Input<Record<string, pulumi.Input<unknown>>>;
}

class Connector extends pulumi.CustomResource {
  declare readonly name: pulumi.Output<string>;

  constructor(name: string, args: ConnectorArgs, opts: pulumi.CustomResourceOptions) {
    super("integrations:index:Connector", name, { ...args, name: args.name }, opts);
  }
}

const config = new pulumi.Config();
const opts = { version: config.require("pluginVersion") };

const github = new Connector(
  "github",
  {
    name: config.require("name"),
    appName: "github",
    authScheme: "OAUTH2",
    authConfig: {
      client_id: "migrate-client-id",
      client_secret: config.requireSecret("clientSecret"),
      scopes: ["repo"],
    },
  },
  opts,
);
const linear = new Connector("linear", { appName: "linear", authScheme: "API_KEY" }, opts);

export const githubId = github.id;
export const linearId = linear.id;
export const linearName = linear.name;
