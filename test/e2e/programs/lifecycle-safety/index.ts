// A connector with a fixed name (every knob from config), optionally an autonamed one and an
// IntegrationState, so that one program can be driven through each sequence the engine can run.
import * as pulumi from "@pulumi/pulumi";
import { Connector, IntegrationState, getTriggersOutput, type DeletionPolicy } from "pulumi-integrations";

const config = new pulumi.Config();
const appName = config.get("app") ?? "linear";
const authConfig = { api_key: config.requireSecret("appKey") };

const fixed = new Connector(
  "fixed",
  {
    name: config.require("fixedName"),
    appName,
    authScheme: config.get("authScheme") ?? "API_KEY",
    authConfig,
    enabled: config.getBoolean("enabled") ?? true,
    forceNewIntegration: config.getBoolean("forceNewIntegration") ?? true,
    deletionPolicy: (config.get("deletionPolicy") ?? "delete") as DeletionPolicy,
  },
  { deleteBeforeReplace: config.getBoolean("deleteBeforeReplace") },
);
export const fixedId = fixed.id;

const autonamed = config.getBoolean("withAutonamed")
  ? new Connector("auto", { appName: config.get("autoApp") ?? appName, authScheme: "API_KEY", authConfig })
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
        authConfig: { client_id: "from-program", client_secret: config.requireSecret("appKey") },
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
