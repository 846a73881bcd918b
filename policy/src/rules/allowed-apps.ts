import type { Rule } from "../rule";

export interface AllowedAppsConfig {
  /** The app names a connector may be of (`appName`); a connector given only by `appId` is checked by `appIds`. */
  apps?: string[];
  /** The app ids a connector may be of (`appId`). */
  appIds?: string[];
}

/** A connector is of an allowed app. No list: every app is allowed. */
export const allowedApps: Rule<AllowedAppsConfig> = {
  name: "integrations-allowed-apps",
  description: "A connector's app is one the pack's config allows (`apps` by name, `appIds` by id).",
  kinds: ["Connector"],
  configSchema: {
    properties: {
      apps: { type: "array", items: { type: "string" } },
      appIds: { type: "array", items: { type: "string" } },
    },
  },
  check({ props }, { apps, appIds }) {
    const violations: string[] = [];
    const appName = props.appName;
    const appId = props.appId;
    if (apps !== undefined && typeof appName === "string" && !apps.includes(appName))
      violations.push(`app "${appName}" is not among the allowed apps (${apps.join(", ") || "none"})`);
    if (appIds !== undefined && typeof appId === "string" && !appIds.includes(appId))
      violations.push(`app id "${appId}" is not among the allowed app ids (${appIds.join(", ") || "none"})`);
    return violations;
  },
};
