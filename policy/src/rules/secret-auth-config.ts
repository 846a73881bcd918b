import type { Rule } from "../rule";
import { isSecretAt } from "../secrets";

export interface SecretAuthConfigConfig {
  /** The keys of authConfig (ConnectedAccount: data) that must be secrets; default every key. */
  keys?: string[];
  /** Keys that may stay plain (a client id, scopes); default none. */
  plainKeys?: string[];
}

const INPUTS = { Connector: "authConfig", IntegrationState: "authConfig", ConnectedAccount: "data" } as const;

/**
 * Every authConfig value (a ConnectedAccount's data) was given as a secret: the value itself, or the whole
 * authConfig, is marked secret. The rule reads where the secrets are (../secrets.ts), never a secret's value.
 * On the plugin every authConfig arrives secret (its Check marks the schema's secret inputs), so the rule bites
 * on the dynamic resources, where secretness is what the program gave.
 */
export const secretAuthConfig: Rule<SecretAuthConfigConfig> = {
  name: "integrations-secret-auth-config",
  description:
    "Every authConfig value (a ConnectedAccount's data) is given as a secret (`keys`: only those; `plainKeys`: those may stay plain).",
  kinds: ["Connector", "IntegrationState", "ConnectedAccount"],
  configSchema: {
    properties: {
      keys: { type: "array", items: { type: "string" } },
      plainKeys: { type: "array", items: { type: "string" } },
    },
  },
  check({ kind, props, secretPaths }, { keys, plainKeys }) {
    const input = INPUTS[kind as keyof typeof INPUTS];
    if (input === undefined) return [];
    if (secretPaths === undefined)
      return [
        "cannot tell secrets from plain values: the analyzer did not record them (see the pack's README)",
      ];
    if (isSecretAt(secretPaths, [input])) return [];
    const value = props[input];
    if (value === null || typeof value !== "object" || Array.isArray(value)) return [];
    return Object.keys(value)
      .filter((key) => (keys === undefined || keys.includes(key)) && !(plainKeys ?? []).includes(key))
      .filter((key) => !isSecretAt(secretPaths, [input, key]))
      .map((key) => `${input}.${key} is a plain value: give it as a secret`);
  },
};
