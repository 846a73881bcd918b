// The mirror connector names its app by the primary's appId and derives its client id from it: while the
// primary is being updated, a preview knows neither value yet.
import * as pulumi from "@pulumi/pulumi";
import { Connector } from "pulumi-integrations";

const config = new pulumi.Config();

const primary = new Connector("primary", {
  name: "e2e-unknown-primary",
  appName: "github",
  authScheme: "OAUTH2",
  authConfig: { client_id: "e2e-primary-client", client_secret: config.requireSecret("primarySecret") },
  enabled: config.requireBoolean("primaryEnabled"),
});

const mirror = new Connector("mirror", {
  name: "e2e-unknown-mirror",
  appId: primary.appId,
  authScheme: "OAUTH2",
  authConfig: {
    client_id: primary.appId.apply((appId) => `mirror-of-${appId}`),
    client_secret: config.requireSecret("mirrorSecret"),
  },
});

export const primaryId = primary.id;
export const mirrorId = mirror.id;
