import type { Rule } from "../rule";

export interface NoServiceAuthConfig {
  /** Logical names of the connectors that may still use the service's own auth. */
  exempt?: string[];
}

/** `useServiceAuth: true` (the service's shared app credentials) is forbidden. */
export const noServiceAuth: Rule<NoServiceAuthConfig> = {
  name: "integrations-no-service-auth",
  description: "A connector does not set useServiceAuth: it brings its own app's credentials.",
  kinds: ["Connector"],
  configSchema: { properties: { exempt: { type: "array", items: { type: "string" } } } },
  check({ name, props }, { exempt }) {
    if (props.useServiceAuth !== true || (exempt ?? []).includes(name)) return [];
    return ["useServiceAuth is forbidden: give the connector its own app's authConfig"];
  },
};
