import type { Rule } from "../rule";

export interface SecretAuthConfigConfig {
  /** The keys of authConfig (a ConnectedAccount's data) that must be given as secrets; default every key. */
  keys?: string[];
  /** Keys that may be given plain (a client id, scopes); default none. */
  plainKeys?: string[];
}

/**
 * The input in which the provider (both front ends, from version 0.2.0) records the paths of the authConfig
 * (data) values the program gave plain: `["authConfig.client_secret"]`, absent when none. The provider makes
 * every such value secret before the engine stores it, and the analyzer sees the inputs as the provider's Check
 * returned them, so this record is the one trace of what the program gave. It holds names, never a value.
 */
export const SECRETS_GIVEN_PLAIN = "secretsGivenPlain";

/**
 * Every authConfig value (a ConnectedAccount's data) was given as a secret (`pulumi config set --secret`,
 * `pulumi.secret`, a secret output), not written into the program or its plain config. The rule reads the
 * provider's record of the values given plain, never a value.
 */
export const secretAuthConfig: Rule<SecretAuthConfigConfig> = {
  name: "integrations-secret-auth-config",
  description:
    "Every authConfig value (a ConnectedAccount's data) is given as a secret (`keys`: only those; `plainKeys`: those may be plain).",
  kinds: ["Connector", "IntegrationState", "ConnectedAccount"],
  configSchema: {
    properties: {
      keys: { type: "array", items: { type: "string" } },
      plainKeys: { type: "array", items: { type: "string" } },
    },
  },
  check({ props }, { keys, plainKeys }) {
    const recorded = props[SECRETS_GIVEN_PLAIN];
    if (!Array.isArray(recorded)) return [];
    return recorded
      .filter((path): path is string => typeof path === "string")
      .filter((path) => {
        const key = path.slice(path.indexOf(".") + 1);
        return (keys === undefined || keys.includes(key)) && !(plainKeys ?? []).includes(key);
      })
      .map(
        (path) =>
          `${path} is given as a plain value: give it as a secret (pulumi config set --secret, pulumi.secret)`,
      );
  },
};
