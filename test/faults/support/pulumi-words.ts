/** What the real CLI (pulumi v3.276.0) prints about interrupted operations, word for word. */

/**
 * The end of the warning an update prints about the previous deployment's pending operations, after their
 * list.
 */
export const PENDING_RESOLUTION =
  "These resources are in an unknown state because the Pulumi CLI was interrupted while waiting for " +
  "changes to these resources to complete. You should confirm whether or not the operations listed " +
  "completed successfully by checking the state of the appropriate provider. For example, if you are " +
  "using AWS, you can confirm using the AWS Console.\n\nOnce you have confirmed the status of the " +
  "interrupted operations, you can repair your stack using `pulumi refresh` which will refresh the state " +
  "from the provider you are using and clear the pending operations if there are any.\n\nNote that " +
  "`pulumi refresh` will need to be run interactively to clear pending CREATE operations.";

/** The whole warning: `Attempting to deploy ...`, one `  * <urn>, interrupted while <op>` line each, the end. */
export function pendingOperationsWarning(operations: { urn: string; type: string }[]): string {
  return (
    `Attempting to deploy or update resources with ${operations.length} pending operations from previous deployment.\n` +
    operations.map(({ urn, type }) => `  * ${urn}, interrupted while ${type}\n`).join("") +
    PENDING_RESOLUTION
  );
}

/**
 * What a command prints when a killed command's lock is still in the file backend, followed by one line per
 * lock file.
 */
export const LOCKED =
  "error: the stack is currently locked by 1 lock(s). Either wait for the other process(es) to end or " +
  "delete the lock file with `pulumi cancel`.";

/** What `pulumi cancel` prints. */
export const CANCELLED = (stack: string): string =>
  `The currently running update for '${stack}' has been canceled!`;
