// A connector with a fixed name (every knob from config), optionally an autonamed one and an
// IntegrationState, so that one program can be driven through each sequence the engine can run.
import * as pulumi from "@pulumi/pulumi";
import { Connector, IntegrationState, getTriggersOutput, type DeletionPolicy } from "pulumi-integrations";

const config = new pulumi.Config();
const appName = config.get("app") ?? "linear";
const authScheme = config.get("authScheme") ?? "OAUTH2";
// The developer's own OAuth app (the stack's secret); an API_KEY connector takes no authConfig, the key
// being each account's.
const clientSecret = config.requireSecret("clientSecret");
const oauthApp = { client_id: "e2e-lifecycle-client", client_secret: clientSecret };
const authConfig = authScheme === "OAUTH2" ? oauthApp : undefined;

const fixed = new Connector(
  "fixed",
  {
    name: config.require("fixedName"),
    appName,
    authScheme,
    authConfig,
    enabled: config.getBoolean("enabled") ?? true,
    forceNewIntegration: config.getBoolean("forceNewIntegration") ?? true,
    deletionPolicy: (config.get("deletionPolicy") ?? "delete") as DeletionPolicy,
  },
  { deleteBeforeReplace: config.getBoolean("deleteBeforeReplace") },
);
export const fixedId = fixed.id;

const autonamed = config.getBoolean("withAutonamed")
  ? new Connector("auto", {
      appName: config.get("autoApp") ?? appName,
      authScheme: "OAUTH2",
      authConfig: oauthApp,
    })
  : undefined;
export const autoId = autonamed?.id;
export const autoName = autonamed?.name;

// A connector whose client_id someone else owns: ignoreChanges keeps their change across `up --refresh`.
const watched = config.getBoolean("withIgnoreChanges")
  ? new Connector(
      "watched",
      {
        appName: "github",
        authScheme: "OAUTH2",
        authConfig: { client_id: "from-program", client_secret: clientSecret },
      },
      { ignoreChanges: ["authConfig.client_id"] },
    )
  : undefined;
export const watchedId = watched?.id;

const stateOf = config.get("stateOf");
const state = stateOf
  ? new IntegrationState("state", { integrationId: stateOf, enabled: false, onDelete: "restore" })
  : undefined;
export const priorEnabled = state?.priorEnabled;

// An explicitly empty filter list selects nothing (it is not "no filter").
export const triggersOfNoIntegration = getTriggersOutput({ integrationIds: [] }).triggers.apply(
  (t) => t.length,
);
