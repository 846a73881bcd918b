import * as pulumi from "@pulumi/pulumi";
import * as integrations from "@pulumi-integrations/sdk";

// A connector made elsewhere, by its exact name
//
// Its id and its visible settings: a possibly secret value of its authConfig is never part of the result.
const github = integrations.getConnectorOutput({
    name: "github-shared",
});
export const connectorId = github.id;
export const authScheme = github.authScheme;
