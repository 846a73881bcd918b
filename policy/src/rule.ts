import type { PolicyConfigSchema, ResourceValidationPolicy } from "@pulumi/policy";
import { kindOf, type Kind } from "./kinds";

/** What a rule's check sees of a resource: plain data, so that the check is a pure function. */
export interface ResourceFacts {
  kind: Kind;
  /** The logical name. */
  name: string;
  urn: string;
  /** The inputs, as the provider's Check returned them, secrets unwrapped (read them only where a rule must). */
  props: Record<string, unknown>;
  protect: boolean;
}

export interface Rule<Config extends object> {
  name: string;
  description: string;
  kinds: readonly Kind[];
  configSchema: PolicyConfigSchema;
  /** The violations of one resource: one message each, none when it complies. */
  check(resource: ResourceFacts, config: Config): string[];
}

/** The CrossGuard policy of a rule, for both front ends' types of its kinds. */
export function policyOf<Config extends object>(rule: Rule<Config>): ResourceValidationPolicy {
  return {
    name: rule.name,
    description: rule.description,
    configSchema: rule.configSchema,
    validateResource: (args, reportViolation) => {
      const kind = kindOf(args.type);
      if (kind === undefined || !rule.kinds.includes(kind)) return;
      const facts: ResourceFacts = {
        kind,
        name: args.name,
        urn: args.urn,
        props: args.props as Record<string, unknown>,
        protect: args.opts.protect,
      };
      for (const message of rule.check(facts, args.getConfig<Config>())) reportViolation(message);
    },
  };
}
