/**
 * Diagnostics in the CLI's own words, so tests read what a user of `pulumi up` reads. The CheckFailure
 * texts are diag.GetResourcePropertyInvalidValueError / GetResourceInvalidError (pulumi/pulumi
 * sdk/go/common/diag/errors.go) as issued by issueCheckFailures in pkg/resource/deploy/step_generator.go;
 * the value is printed like Go's resource.PropertyValue.String() (`{value}`), a secret as `[secret]`.
 */
import { isPropertyMap, isSecret, unknownValue } from "./properties";
import type { PropertyMap, PropertyValue } from "./properties";
import type { LogEntry } from "./types";

export interface CheckFailure {
  property: string;
  reason: string;
}

export const monitorShutdownMessage = "resource monitor shut down while waiting on step's done channel";
export const monitorClosedMessage = "resource monitor shut down while sending resource registration";

export function checkFailureMessage(
  type: string,
  name: string,
  inputs: PropertyMap,
  failure: CheckFailure,
): string {
  if (!failure.property) return `${type} resource '${name}' has a problem: ${failure.reason}`;
  const value = formatPropertyValue(inputs[failure.property]);
  return `${type} resource '${name}'s property '${failure.property}' value ${value} has a problem: ${failure.reason}`;
}

/** Go's `fmt.Sprintf("{%v}", v.V)`: maps as `map[k:{v}]` with sorted keys, arrays as `[{a} {b}]`. */
export function formatPropertyValue(value: PropertyValue | undefined): string {
  if (isSecret(value)) return "[secret]";
  if (value === unknownValue) return "output<string>{}";
  return `{${formatInner(value)}}`;
}

function formatInner(value: PropertyValue | undefined): string {
  if (value === undefined || value === null) return "<nil>";
  if (Array.isArray(value)) return `[${value.map(formatPropertyValue).join(" ")}]`;
  if (isPropertyMap(value)) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${key}:${formatPropertyValue(value[key])}`);
    return `map[${entries.join(" ")}]`;
  }
  return String(value);
}

/** A failed step, with the diagnostics to show for it. */
export class DeploymentError extends Error {
  constructor(readonly diagnostics: LogEntry[]) {
    super(diagnostics.map((entry) => entry.message).join("\n"));
  }
}

export function stepFailure(urn: string, err: unknown): DeploymentError {
  if (err instanceof DeploymentError) return err;
  return new DeploymentError([
    { severity: "error", message: err instanceof Error ? err.message : String(err), urn },
  ]);
}
