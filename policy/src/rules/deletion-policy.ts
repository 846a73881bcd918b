import type { Kind } from "../kinds";
import type { Rule } from "../rule";

export interface DeletionPolicyConfig {
  /** Logical names (or URNs) of the resources that must say what their deletion does. */
  resources?: string[];
  /** Also every resource with `protect: true` (default true). */
  protected?: boolean;
  /** Accepted Connector `deletionPolicy` values (default "disable" and "retain": anything but "delete"). */
  connector?: string[];
  /** Accepted IntegrationState `onDelete` values (default "restore"). */
  integrationState?: string[];
  /** Accepted TriggerWebhook `onDelete` values (default "restore"). */
  triggerWebhook?: string[];
}

/** The input of each kind that says what a delete does, its default, and the values accepted by default. */
const POLICIES: Partial<Record<Kind, { input: string; fallback: string; accepted: string[] }>> = {
  Connector: { input: "deletionPolicy", fallback: "delete", accepted: ["disable", "retain"] },
  IntegrationState: { input: "onDelete", fallback: "retain", accepted: ["restore"] },
  TriggerWebhook: { input: "onDelete", fallback: "restore", accepted: ["restore"] },
};

const CONFIG_KEYS: Partial<Record<Kind, "connector" | "integrationState" | "triggerWebhook">> = {
  Connector: "connector",
  IntegrationState: "integrationState",
  TriggerWebhook: "triggerWebhook",
};

/**
 * The resources the pack's config lists, and the protected ones, have a deletion (Connector) or restore
 * (IntegrationState, TriggerWebhook) policy among the accepted ones.
 */
export const deletionPolicy: Rule<DeletionPolicyConfig> = {
  name: "integrations-deletion-policy",
  description:
    'A listed (`resources`) or protected resource sets a deletion or restore policy: a Connector\'s deletionPolicy is not "delete"; an IntegrationState\'s and a TriggerWebhook\'s onDelete is "restore".',
  kinds: ["Connector", "IntegrationState", "TriggerWebhook"],
  configSchema: {
    properties: {
      resources: { type: "array", items: { type: "string" } },
      protected: { type: "boolean" },
      connector: { type: "array", items: { type: "string" } },
      integrationState: { type: "array", items: { type: "string" } },
      triggerWebhook: { type: "array", items: { type: "string" } },
    },
  },
  check({ kind, name, urn, props, protect }, config) {
    const policy = POLICIES[kind];
    const configKey = CONFIG_KEYS[kind];
    if (policy === undefined || configKey === undefined) return [];
    const listed = (config.resources ?? []).some((entry) => entry === name || entry === urn);
    const guarded = protect && config.protected !== false;
    if (!listed && !guarded) return [];
    const given = props[policy.input];
    const value = typeof given === "string" ? given : policy.fallback;
    const accepted = config[configKey] ?? policy.accepted;
    if (accepted.includes(value)) return [];
    const why = listed ? "listed in the policy config" : "protected";
    return [
      `${kind} "${name}" is ${why}: its ${policy.input} is "${value}"${typeof given === "string" ? "" : " (the default)"}, not one of ${accepted.map((v) => `"${v}"`).join(", ")}`,
    ];
  },
};
