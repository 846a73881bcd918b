import type { Rule } from "../rule";

export interface ConnectorNameConfig {
  /** A regular expression (JavaScript syntax, anchored as written) a connector's name matches. */
  pattern?: string;
}

/** A connector's name, or its autonaming prefix, matches the configured pattern. */
export const connectorName: Rule<ConnectorNameConfig> = {
  name: "integrations-connector-name",
  description: "A connector's name (or, autonamed, its namePrefix) matches the regular expression `pattern`.",
  kinds: ["Connector"],
  configSchema: { properties: { pattern: { type: "string" } } },
  check({ props }, { pattern }) {
    if (pattern === undefined) return [];
    const regex = new RegExp(pattern);
    for (const key of ["name", "namePrefix"] as const) {
      const value = props[key];
      if (typeof value === "string")
        return regex.test(value) ? [] : [`connector ${key} "${value}" does not match /${pattern}/`];
    }
    return [];
  },
};
