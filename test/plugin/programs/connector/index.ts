// The provider plugin's five resources and an invoke, registered by token as a generated SDK would (the
// plugin `integrations` serves `integrations:index:<Type>`). One connector uses the default provider (the
// stack config), one an explicit provider of another account; a token connector carries an account, a trigger
// instance on it, the account's callback URL and the state of a connector the stack does not own. What
// `pulumi import` brings in from outside the stack is declared once config names it.
import * as pulumi from "@pulumi/pulumi";

/** A resource of the plugin. Outputs that are not inputs are listed (undefined) so that the SDK resolves them. */
class Integration extends pulumi.CustomResource {
  constructor(
    type: string,
    name: string,
    args: Record<string, unknown>,
    opts: pulumi.CustomResourceOptions,
    outputs: string[] = [],
  ) {
    super(
      `integrations:index:${type}`,
      name,
      { ...Object.fromEntries(outputs.map((key) => [key, undefined])), ...args },
      opts,
    );
  }

  output<T>(key: string): pulumi.Output<T> {
    return (this as unknown as Record<string, pulumi.Output<T>>)[key]!;
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
const name = config.require("name");

const connector = new Integration(
  "Connector",
  "connector",
  {
    name,
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
  ["enabled", "appId"],
);

export const connectorId = connector.id;
export const connectorEnabled = connector.output<boolean>("enabled");

// An explicit provider with its own arguments. Its base URL waits for the first connector's id, so a
// preview of the first up does not know it: the preview must still show what this provider's resources do.
const secondBaseUrl = config.require("secondBaseUrl");
const second = new Provider(
  "second",
  { baseUrl: connector.id.apply(() => secondBaseUrl), apiKey: config.requireSecret("secondApiKey") },
  opts,
);
const other = new Integration(
  "Connector",
  "other",
  { name: `${name}-other`, appName: "github", authScheme: "BEARER_TOKEN" },
  { ...opts, provider: second },
);
export const otherId = other.id;

// An account of a token connector (its token plain on purpose, as authConfig above), a trigger on it, the
// account's callback URL, and the state of a connector made outside the stack.
const tokens = new Integration(
  "Connector",
  "tokens",
  { name: `${name}-tokens`, appName: "github", authScheme: "BEARER_TOKEN" },
  opts,
);
const account = new Integration(
  "ConnectedAccount",
  "account",
  { integrationId: tokens.id, data: { token: config.require("accountToken") } },
  opts,
  ["status"],
);
export const accountId = account.id;
export const accountStatus = account.output<string>("status");
const stars = new Integration(
  "TriggerInstance",
  "stars",
  {
    connectedAccountId: account.id,
    triggerName: "GITHUB_STAR_ADDED_EVENT",
    triggerConfig: { owner: "octocat", repo: "plugin-e2e" },
  },
  opts,
);
export const starsId = stars.id;
const hook = new Integration("TriggerWebhook", "hook", { url: config.require("webhookUrl") }, opts, [
  "webhookSecret",
]);
export const hookId = hook.id;
new Integration(
  "IntegrationState",
  "managed",
  { integrationId: config.require("managedId"), enabled: false, onDelete: "restore" },
  opts,
);

// An invoke, through the default provider. showEnabledOnly is deprecated: the plugin warns.
export const githubTriggers = pulumi.runtime
  .invoke("integrations:index:getTriggers", { appNames: ["github"], showEnabledOnly: true }, opts)
  .then((result: { triggers: { name: string }[] }) => result.triggers.map((trigger) => trigger.name));

// What `pulumi import` brought in, declared with the inputs the import read (and nothing it could not).
const importedName = config.get("importedName");
export const importedId = importedName
  ? new Integration(
      "Connector",
      "imported",
      { name: importedName, appName: "github", authScheme: "BEARER_TOKEN" },
      opts,
    ).id
  : undefined;
const importedStateId = config.get("importedStateId");
export const importedState = importedStateId
  ? new Integration(
      "IntegrationState",
      "importedState",
      { integrationId: importedStateId, enabled: false },
      opts,
    ).id
  : undefined;
export const importedStars = config.get("importedStars")
  ? new Integration(
      "TriggerInstance",
      "importedStars",
      {
        connectedAccountId: account.id,
        triggerName: "GITHUB_STAR_ADDED_EVENT",
        triggerConfig: { owner: "octocat", repo: "outside" },
      },
      opts,
    ).id
  : undefined;
