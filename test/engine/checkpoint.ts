/**
 * Persists the checkpoint during an operation the way the CLI's snapshot manager does
 * (pulumi/pulumi pkg/backend/snapshot.go: doCreate/doUpdate/doDelete/doRead and the End of each
 * *SnapshotMutation): a pending operation is written BEFORE every provider call that mutates or reads a
 * resource, and removed (with the step's result) once the call answered. So a CLI killed in between
 * leaves `pending_operations` in the file, as the real one does.
 *
 * Pending operations of the previous checkpoint: only `creating` ones are carried into every checkpoint
 * this operation writes; the others are dropped (SnapshotManager.Snap, "Track pending create operations
 * from the base snapshot"; pkg/backend/journal.go does the same).
 */
import type { PassphraseCrypter } from "./secrets";
import type { OperationType, PendingOperation, ResourceState, StateFile } from "./state";

export class Checkpointer {
  private readonly inFlight = new Set<PendingOperation>();
  private readonly carried: PendingOperation[];
  private writes: Promise<void> = Promise.resolve();
  private halted = false;

  constructor(
    private readonly stateFile: StateFile,
    private readonly stackName: string,
    private readonly crypter: PassphraseCrypter,
    basePending: readonly PendingOperation[],
    /** A preview never writes the checkpoint. */
    private readonly enabled: boolean,
  ) {
    this.carried = basePending.filter((operation) => operation.type === "creating");
  }

  /** The resources as they stand now (this operation's states, then the base's still standing). */
  private snapshot: () => ResourceState[] = () => [];

  /** Tells where the resources as they stand now come from. */
  track(snapshot: () => ResourceState[]): void {
    this.snapshot = snapshot;
  }

  /** The process was killed: nothing more reaches the file (it stays as last written). */
  halt(): void {
    this.halted = true;
  }

  get isHalted(): boolean {
    return this.halted;
  }

  /** Marks an operation pending and persists that before the caller sends the provider call. */
  async begin(type: OperationType, resource: ResourceState): Promise<PendingOperation> {
    const operation = { type, resource: { ...resource } };
    this.inFlight.add(operation);
    await this.write();
    return operation;
  }

  /** The provider answered (successfully or not): the operation is no longer pending. */
  async end(operation: PendingOperation): Promise<void> {
    this.inFlight.delete(operation);
    await this.write();
  }

  /** Writes the checkpoint as it stands; writes never overlap and land in order. */
  write(): Promise<void> {
    if (!this.enabled) return Promise.resolve();
    this.writes = this.writes.then(async () => {
      if (this.halted) return;
      await this.stateFile.save(this.stackName, this.snapshot(), this.crypter, [
        ...this.inFlight,
        ...this.carried,
      ]);
    });
    return this.writes;
  }
}
