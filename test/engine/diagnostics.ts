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

/** deleteProtectedError in pulumi/pulumi pkg/resource/deploy/step.go (DeleteStep.Apply). */
export function deleteProtectedMessage(urn: string): string {
  return (
    `resource "${urn}" cannot be deleted\nbecause it is protected. To unprotect the resource, either remove ` +
    "the `protect` flag from the resource in your Pulumi program and run `pulumi up`, or use the command:\n" +
    `\`pulumi state unprotect '${urn}'\``
  );
}

/** stepGenerator.continueStepsFromDiff in pulumi/pulumi pkg/resource/deploy/step_generator.go. */
export function replaceProtectedMessage(urn: string): string {
  return (
    `unable to replace resource "${urn}"\nas it is currently marked for protection. To unprotect the ` +
    "resource, remove the `protect` flag from the resource in your Pulumi program and run `pulumi up`"
  );
}

/** diag.GetResourceWillBeDestroyedButWasNotSpecifiedInTargetList (sdk/go/common/diag/errors.go). */
export function untargetedDeleteMessage(urn: string): string {
  return (
    `Resource '${urn}' will be destroyed but was not specified in --target list.\n` +
    "Either include resource in --target list or pass --target-dependents to proceed."
  );
}

/** diag.GetTargetCouldNotBeFoundError, as deploymentExecutor.checkTargets reports it. */
export function unknownTargetMessage(urn: string): string {
  return `Target '${urn}' could not be found in the stack.`;
}

/** deploymentExecutor.printPendingOperationsWarning in pulumi/pulumi pkg/resource/deploy/deployment_executor.go. */
export function pendingOperationsWarning(
  operations: readonly { type: string; resource: { urn: string } }[],
): string {
  const lines = operations.map(
    (operation) => `  * ${operation.resource.urn}, interrupted while ${operation.type}\n`,
  );
  return (
    `Attempting to deploy or update resources with ${operations.length} pending operations from previous deployment.\n` +
    lines.join("") +
    "These resources are in an unknown state because the Pulumi CLI was interrupted while waiting for changes " +
    "to these resources to complete. You should confirm whether or not the operations listed completed " +
    "successfully by checking the state of the appropriate provider. For example, if you are using AWS, you can " +
    "confirm using the AWS Console.\n\nOnce you have confirmed the status of the interrupted operations, you can " +
    "repair your stack using `pulumi refresh` which will refresh the state from the provider you are using and " +
    "clear the pending operations if there are any.\n\nNote that `pulumi refresh` will need to be run " +
    "interactively to clear pending CREATE operations."
  );
}

/** continueStepsFromDiff, a protected dependent of a delete-before-replace resource. */
export function dependentProtectedMessage(dependent: string, replaced: string): string {
  return (
    `unable to replace resource "${dependent}" as part of replacing "${replaced}" as it is currently marked ` +
    "for protection. To unprotect the resource, remove the `protect` flag from the resource in your Pulumi " +
    `program and run \`pulumi up\`, or use the command:\n\`pulumi state unprotect '${dependent}'\``
  );
}
