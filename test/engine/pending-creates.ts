/**
 * What `pulumi refresh` does with pending creates before it refreshes (pulumi/pulumi
 * pkg/cmd/pulumi/operations/refresh.go: pendingCreatesToImports, filterMapPendingCreates), each a
 * state edit written to the checkpoint at once (state.TotalStateEdit):
 * - `--import-pending-creates <urn> <id>`: the pending `creating` operation gets the id and becomes an
 *   `importing` operation; a URN that is no pending create is warned about.
 * - `--clear-pending-creates`: every pending create is dropped.
 * - `--skip-pending-creates`: only skips the interactive prompt, which this engine never shows.
 * The refresh itself then carries only `creating` operations into its checkpoint (SnapshotManager.Snap),
 * so an `importing` operation is dropped there too, and its resource does NOT enter `resources`: the
 * CLI's import ends up as forgetting the resource (see README, "Pending operations").
 */
import type { StackContext } from "./operation";
import type { PendingOperation, Snapshot } from "./state";
import type { LogEntry, RefreshOptions } from "./types";

export async function editPendingCreates(
  ctx: StackContext,
  stackName: string,
  base: Snapshot,
  options: RefreshOptions,
  log: (entry: LogEntry) => void,
): Promise<Snapshot> {
  if (options.skipPendingCreates && options.clearPendingCreates) {
    throw new Error("cannot set both --skip-pending-creates and --clear-pending-creates");
  }
  let pending = base.pendingOperations;
  const imports = new Map((options.importPendingCreates ?? []).map(({ urn, id }) => [urn, id]));
  if (imports.size > 0) {
    pending = pending.map((operation): PendingOperation => {
      const id = operation.type === "creating" ? imports.get(operation.resource.urn) : undefined;
      if (id === undefined) return operation;
      imports.delete(operation.resource.urn);
      return { type: "importing", resource: { ...operation.resource, id } };
    });
    for (const urn of imports.keys()) {
      log({ severity: "warning", message: `"${urn}" did not correspond to a pending create` });
    }
  }
  if (options.clearPendingCreates) pending = pending.filter((operation) => operation.type !== "creating");
  if (pending === base.pendingOperations) return base;
  await ctx.stateFile.save(stackName, base.resources, ctx.crypter, pending);
  return { resources: base.resources, pendingOperations: pending };
}
