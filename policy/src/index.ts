/**
 * The CrossGuard policy pack of pulumi-integrations: rules for both front ends' resource types, each configured
 * through `--policy-pack-config` (README.md). Every rule is advisory unless the config says otherwise.
 */
import { PolicyPack } from "@pulumi/policy";
import { policyOf, type Rule } from "./rule";
import { allowedApps } from "./rules/allowed-apps";
import { allowedAuthSchemes } from "./rules/allowed-auth-schemes";
import { connectorName } from "./rules/connector-name";
import { deletionPolicy } from "./rules/deletion-policy";
import { httpsWebhooks } from "./rules/https-webhooks";
import { noServiceAuth } from "./rules/no-service-auth";
import { secretAuthConfig } from "./rules/secret-auth-config";

export const RULES = [
  allowedApps,
  allowedAuthSchemes,
  noServiceAuth,
  httpsWebhooks,
  deletionPolicy,
  connectorName,
  secretAuthConfig,
] as const;

new PolicyPack("pulumi-integrations", {
  enforcementLevel: "advisory",
  policies: RULES.map((rule) => policyOf(rule as Rule<object>)),
});
