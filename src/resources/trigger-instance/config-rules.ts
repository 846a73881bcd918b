import type { default as Ajv, ErrorObject, ValidateFunction } from "ajv";
import type { ApiClient } from "../../client";
import type { CheckFailure } from "../shared/types";
import { containsUnknown } from "../shared/unknowns";

/**
 * Checks a trigger instance's `triggerConfig` against the trigger's own `config` JSON schema, read from the
 * API, before anything is written: the service answers a bad config with a 400 (or, seen on the real
 * service, a 500) only at create time, after the rest of the stack has moved on.
 *
 * One schema read per trigger per tenant and provider process, however many instances use it. A value not
 * known yet (preview) passes: it is checked again once known.
 */
export class TriggerConfigRules {
  /** Loaded on the first trigger config checked: the provider process of a program without one never pays. */
  #ajv: Promise<Ajv> | undefined;
  readonly #validators = new Map<string, Promise<ValidateFunction | undefined>>();

  async failures(
    client: ApiClient,
    triggerName: string,
    triggerConfig: Record<string, unknown>,
  ): Promise<CheckFailure[]> {
    const validate = await this.#validatorOf(client, triggerName);
    if (validate === undefined) {
      return [
        {
          property: "triggerName",
          reason: `is not a trigger of the service (GET /api/v1/triggers knows no "${triggerName}")`,
        },
      ];
    }
    if (validate(triggerConfig)) return [];
    return (validate.errors ?? [])
      .map((error) => describe(error, triggerName))
      .filter((failure) => !isUnknownValue(triggerConfig, failure.property));
  }

  #validatorOf(client: ApiClient, triggerName: string): Promise<ValidateFunction | undefined> {
    const key = `${client.identity} ${triggerName}`;
    let validator = this.#validators.get(key);
    if (!validator) {
      validator = client.listTriggers({ triggerIds: [triggerName] }).then(async (triggers) => {
        const trigger = triggers.find((candidate) => candidate.name === triggerName);
        if (trigger === undefined) return undefined;
        this.#ajv ??= loadAjv();
        return (await this.#ajv).compile(trigger.config ?? {});
      });
      // A failed read is not remembered: the next check asks again.
      validator.catch(() => this.#validators.delete(key));
      this.#validators.set(key, validator);
    }
    return validator;
  }
}

async function loadAjv(): Promise<Ajv> {
  const [{ default: AjvClass }, { default: addFormats }] = await Promise.all([
    import("ajv"),
    import("ajv-formats"),
  ]);
  // The schemas come from the service: unknown keywords and formats are the service's business, not
  // errors (strict: false); every failing key is reported at once (allErrors).
  return addFormats(new AjvClass({ allErrors: true, strict: false }));
}

/** `triggerConfig.<key>` and the rule, in words; never the value (a config may hold a token). */
function describe(error: ErrorObject, triggerName: string): CheckFailure {
  const rule = `(the config schema of ${triggerName})`;
  const path = error.instancePath
    .split("/")
    .slice(1)
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (error.keyword === "required") {
    const missing = String((error.params as { missingProperty: string }).missingProperty);
    return { property: ["triggerConfig", ...path, missing].join("."), reason: `is required ${rule}` };
  }
  if (error.keyword === "additionalProperties") {
    const extra = String((error.params as { additionalProperty: string }).additionalProperty);
    return { property: ["triggerConfig", ...path, extra].join("."), reason: `is not allowed ${rule}` };
  }
  return {
    property: ["triggerConfig", ...path].join("."),
    reason: `${error.message ?? "is invalid"} ${rule}`,
  };
}

function isUnknownValue(triggerConfig: Record<string, unknown>, property: string): boolean {
  const [, key] = property.split(".");
  return key !== undefined && containsUnknown(triggerConfig[key]);
}
