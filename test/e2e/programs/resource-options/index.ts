// One connector per resource option, each changed at the phase that exercises it (the `phase` config):
//   1 creates everything;
//   2 disables `base` and `dependent` (deployed with --target, then --target-dependents) and changes the
//     ignored client_id of `watched`;
//   3 renames the protected `guarded` (a replacement: refused);
//   4 removes the protected `guarded` (a delete: refused);
//   5 unprotects `guarded` (the final destroy deletes it), removes the retained `kept`, changes the app of
//     `dbr` (deleteBeforeReplace), disables `roc` (replaceOnChanges), adds a scope to `watched` and
//     renames `old-name` to `new-name` (aliases).
import * as pulumi from "@pulumi/pulumi";
import { Connector } from "pulumi-integrations";

const config = new pulumi.Config();
const phase = config.requireNumber("phase");
// The developer's own OAuth app, so that every connector holds a secret authConfig. (An API_KEY connector
// would take none: the key is each account's.)
const oauthApp = { client_id: "e2e-options-client", client_secret: config.requireSecret("clientSecret") };

/** A Linear OAuth connector that destroy deletes (deletionPolicy "delete"), unless an option says otherwise. */
function connector(
  name: string,
  args: { name?: pulumi.Input<string>; appName?: string; enabled?: boolean },
  opts?: pulumi.CustomResourceOptions,
) {
  const common = {
    appName: args.appName ?? "linear",
    authScheme: "OAUTH2",
    authConfig: oauthApp,
    enabled: args.enabled,
    deletionPolicy: "delete" as const,
  };
  // Without a name the connector is autonamed.
  return new Connector(name, args.name === undefined ? common : { ...common, name: args.name }, opts);
}

// --target and --target-dependents: `dependent` takes its name from `base`.
const base = connector("base", { name: "e2e-options-base", enabled: phase < 2 });
const dependent = connector("dependent", {
  name: pulumi.interpolate`${base.name}-dependent`,
  enabled: phase < 2,
});

// protect: refused replacement (3) and delete (4); unprotected at 5.
const guarded =
  phase === 4
    ? undefined
    : connector(
        "guarded",
        { name: phase === 3 ? "e2e-options-guarded-2" : "e2e-options-guarded" },
        {
          protect: phase < 5,
        },
      );

// retainOnDelete: `kept` leaves the program at 5, `retained` is destroyed at the end.
const kept =
  phase < 5 ? connector("kept", { name: "e2e-options-kept" }, { retainOnDelete: true }) : undefined;
const retained = connector("retained", { name: "e2e-options-retained" }, { retainOnDelete: true });

// deleteBeforeReplace as an option: autonamed, so the provider itself would create the replacement first.
const dbr = connector("dbr", { appName: phase < 5 ? "linear" : "notion" }, { deleteBeforeReplace: true });

// replaceOnChanges on an input the provider updates in place.
const roc = connector("roc", { enabled: phase < 5 }, { replaceOnChanges: ["enabled"] });

// ignoreChanges on a nested path of the (secret) authConfig.
const watched = new Connector(
  "watched",
  {
    name: "e2e-options-watched",
    appName: "github",
    authScheme: "OAUTH2",
    authConfig: {
      client_id: phase < 2 ? "from-program" : "changed-in-program",
      client_secret: config.requireSecret("clientSecret"),
      scopes: phase < 5 ? ["repo"] : ["repo", "user"],
    },
    deletionPolicy: "delete",
  },
  { ignoreChanges: ["authConfig.client_id"] },
);

// aliases: a new logical name for the same connector.
const renamed =
  phase < 5
    ? connector("old-name", { name: "e2e-options-renamed" })
    : connector("new-name", { name: "e2e-options-renamed" }, { aliases: [{ name: "old-name" }] });

export const ids = {
  base: base.id,
  dependent: dependent.id,
  guarded: guarded?.id,
  kept: kept?.id,
  retained: retained.id,
  dbr: dbr.id,
  roc: roc.id,
  watched: watched.id,
  renamed: renamed.id,
};
