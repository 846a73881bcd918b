import type { Rule } from "../rule";

export interface AllowedAuthSchemesConfig {
  /** The auth schemes a connector may use (`authScheme`). */
  authSchemes?: string[];
}

/** A connector's auth scheme is an allowed one. No list: every scheme is allowed. */
export const allowedAuthSchemes: Rule<AllowedAuthSchemesConfig> = {
  name: "integrations-allowed-auth-schemes",
  description: "A connector's authScheme is one the pack's config allows (`authSchemes`).",
  kinds: ["Connector"],
  configSchema: { properties: { authSchemes: { type: "array", items: { type: "string" } } } },
  check({ props }, { authSchemes }) {
    const scheme = props.authScheme;
    if (authSchemes === undefined || typeof scheme !== "string" || authSchemes.includes(scheme)) return [];
    return [`auth scheme "${scheme}" is not among the allowed schemes (${authSchemes.join(", ") || "none"})`];
  },
};
