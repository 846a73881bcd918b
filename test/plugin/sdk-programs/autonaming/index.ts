// A connector without a name, through the plugin's Node.js SDK: the plugin's Check names it (as the dynamic
// Connector does), from the logical name, the project and the stack.
import * as integrations from "@pulumi-integrations/sdk";

const connector = new integrations.Connector("github", { appName: "github", authScheme: "BEARER_TOKEN" });

export const connectorName = connector.name;
