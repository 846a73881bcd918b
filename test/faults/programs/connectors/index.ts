import * as pulumi from "@pulumi/pulumi";
import { Connector } from "pulumi-integrations";

const config = new pulumi.Config();
const count = config.requireNumber("count");
const namePrefix = config.require("namePrefix");
const clientSecret = config.requireSecret("clientSecret");
// Every n-th connector (0, n, 2n, ...) is created disabled, which is a POST then a PATCH; 0 = none.
const disabledEvery = config.getNumber("disabledEvery") ?? 0;
// Connectors taken over on purpose, by name: the recovery after an interrupted create (see the README).
const adopt = config.getObject<Record<string, string>>("adopt") ?? {};

for (let i = 0; i < count; i++) {
  new Connector(`connector-${i}`, {
    name: `${namePrefix}-${i}`,
    appName: "github",
    authScheme: "OAUTH2",
    authConfig: { client_id: `${namePrefix}-client-${i}`, client_secret: clientSecret, scopes: ["repo"] },
    enabled: !(disabledEvery > 0 && i % disabledEvery === 0),
    adoptId: adopt[`${namePrefix}-${i}`],
  });
}

export const connectorCount = count;
