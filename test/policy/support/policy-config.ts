/** The `--policy-pack-config` of the policy tests: every rule configured, all at one enforcement level. */
export function policyConfig(level: "advisory" | "mandatory"): Record<string, Record<string, unknown>> {
  return {
    "integrations-allowed-apps": { enforcementLevel: level, apps: ["github", "slack"] },
    "integrations-allowed-auth-schemes": { enforcementLevel: level, authSchemes: ["OAUTH2", "BEARER_TOKEN"] },
    "integrations-no-service-auth": { enforcementLevel: level },
    "integrations-https-webhooks": { enforcementLevel: level },
    "integrations-deletion-policy": { enforcementLevel: level, resources: ["rogueState", "state"] },
    "integrations-connector-name": { enforcementLevel: level, pattern: "^[a-z][a-z0-9-]*$" },
    "integrations-secret-auth-config": { enforcementLevel: level, plainKeys: ["client_id", "scopes"] },
  };
}

/** Each rule the plugin's program breaks, with the resource (type: name) that breaks it. */
export const VIOLATIONS_ON_PLUGIN: [rule: string, resource: string][] = [
  ["integrations-allowed-apps", "integrations:index:Connector: rogue"],
  ["integrations-allowed-auth-schemes", "integrations:index:Connector: rogue"],
  ["integrations-no-service-auth", "integrations:index:Connector: rogue"],
  ["integrations-connector-name", "integrations:index:Connector: rogue"],
  ["integrations-deletion-policy", "integrations:index:Connector: rogue"],
  ["integrations-deletion-policy", "integrations:index:IntegrationState: rogueState"],
  ["integrations-secret-auth-config", "integrations:index:IntegrationState: rogueState"],
  ["integrations-https-webhooks", "integrations:index:TriggerWebhook: events"],
];

const DYNAMIC = "pulumi-nodejs:dynamic/integrations:";

/** Each rule the dynamic resources' program breaks, with the resource (type: name) that breaks it. */
export const VIOLATIONS_ON_DYNAMIC: [rule: string, resource: string][] = [
  ["integrations-allowed-apps", `${DYNAMIC}Connector: rogue`],
  ["integrations-allowed-auth-schemes", `${DYNAMIC}Connector: rogue`],
  ["integrations-connector-name", `${DYNAMIC}Connector: rogue`],
  ["integrations-deletion-policy", `${DYNAMIC}Connector: rogue`],
  ["integrations-secret-auth-config", `${DYNAMIC}Connector: rogue`],
  ["integrations-no-service-auth", `${DYNAMIC}Connector: shared`],
  ["integrations-deletion-policy", `${DYNAMIC}IntegrationState: rogueState`],
  ["integrations-secret-auth-config", `${DYNAMIC}IntegrationState: rogueState`],
  ["integrations-https-webhooks", `${DYNAMIC}TriggerWebhook: events`],
];

/** The lines `pulumi preview` prints for a violation: `- [<level>]  <rule>  (<type>: <name>)`. */
export function violationLine(level: "advisory" | "mandatory", rule: string, resource: string): RegExp {
  const escaped = resource.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  return new RegExp(`- \\[${level}\\]\\s+${rule}\\s+\\(${escaped}\\)`);
}
