/**
 * Checks a trigger instance's `triggerConfig` against its trigger's `config` JSON schema with ajv (the
 * real service answered a bad config with a 400 or a 500; the contract asks for a 400 naming each key).
 * Each trigger's schema is compiled once, on first use, and kept with the trigger object.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { CatalogTrigger } from "./catalog/types";

export interface ConfigIssue {
  /** `triggerConfig.<key>` (nested keys joined with dots). */
  path: string;
  /** The JSON-schema keyword that failed: required, type, enum, format, minLength, ... */
  rule: string;
  message: string;
}

export class TriggerConfigValidator {
  // strictSchema off: catalogs may carry annotation keywords ajv does not know; they are not rules.
  private readonly ajv = addFormats(new Ajv({ allErrors: true, strictSchema: false }));
  private readonly compiled = new WeakMap<CatalogTrigger, ValidateFunction>();

  /** Every way `config` breaks the trigger's schema; [] when it is valid. */
  issues(trigger: CatalogTrigger, config: Record<string, unknown>): ConfigIssue[] {
    let validate = this.compiled.get(trigger);
    if (!validate) {
      validate = this.ajv.compile(trigger.config);
      this.compiled.set(trigger, validate);
    }
    if (validate(config)) return [];
    return (validate.errors ?? []).map(issueOf);
  }
}

function issueOf(error: ErrorObject): ConfigIssue {
  const keys = error.instancePath.split("/").filter((key) => key !== "");
  // A missing key is reported on its parent; name the key itself.
  if (error.keyword === "required") keys.push(String(error.params.missingProperty));
  const path = ["triggerConfig", ...keys.map((key) => key.replace(/~1/g, "/").replace(/~0/g, "~"))].join(".");
  const message = error.keyword === "required" ? "is required" : (error.message ?? "is invalid");
  return { path, rule: error.keyword, message };
}
