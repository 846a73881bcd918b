import * as pulumi from "@pulumi/pulumi";
import * as integrations from "@pulumi-integrations/sdk";

// The catalog
//
// Every app, with the auth schemes a connector of it can use.
const catalog = integrations.getAppsOutput({});
export const apps = catalog;
