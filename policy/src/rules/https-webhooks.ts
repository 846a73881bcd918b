import type { Rule } from "../rule";

export interface HttpsWebhooksConfig {
  /** Hosts a webhook may reach over plain http (a local receiver in development, say). */
  httpHosts?: string[];
}

/** A trigger webhook's URL is https. */
export const httpsWebhooks: Rule<HttpsWebhooksConfig> = {
  name: "integrations-https-webhooks",
  description: "A TriggerWebhook's url is an https URL (plain http only to the hosts of `httpHosts`).",
  kinds: ["TriggerWebhook"],
  configSchema: { properties: { httpHosts: { type: "array", items: { type: "string" } } } },
  check({ props }, { httpHosts }) {
    const url = props.url;
    if (typeof url !== "string") return [];
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return [`webhook url "${url}" is not a URL`];
    }
    if (parsed.protocol === "https:") return [];
    if (parsed.protocol === "http:" && (httpHosts ?? []).includes(parsed.hostname)) return [];
    return [`webhook url "${url}" is not https`];
  },
};
