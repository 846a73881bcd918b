/**
 * The data file. Writes are atomic (temp file in the same directory, fsync, rename, fsync of the directory),
 * so a crash or SIGKILL mid-write leaves either the old or the new file, never a torn one. Concurrent
 * requests' changes are coalesced: at most one write runs and at most one more is queued behind it.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { open, rename, unlink } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { tenantStateSchema } from "./records";
import type { PersistedState } from "./store";

const persistedStateSchema = z.object({
  version: z.literal(1),
  tenants: z.record(z.string(), tenantStateSchema),
});

/** Reads a saved state; undefined when there is no file yet. A file that is not valid stops the start-up. */
export function loadDataFile(file: string): PersistedState | undefined {
  if (!existsSync(file)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(
      `Data file ${file} is not valid JSON (${(error as Error).message}); refusing to overwrite it`,
    );
  }
  const result = persistedStateSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue
      ? `${issue.path.length > 2 ? "tenants.<tenant>." + issue.path.slice(2).join(".") : issue.path.join(".")}: ${issue.message}`
      : "";
    throw new Error(`Data file ${file} does not hold emulator data (${where}); refusing to overwrite it`);
  }
  return result.data;
}

export async function writeFileAtomically(file: string, contents: string): Promise<void> {
  const directory = path.dirname(file);
  const temp = path.join(
    directory,
    `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`,
  );
  try {
    const handle = await open(temp, "w", 0o600);
    try {
      await handle.writeFile(contents, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncDirectory(directory);
}

/** Makes the rename itself durable; not every platform can open a directory, hence best effort. */
async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await open(directory, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Windows cannot fsync a directory; the rename is still atomic there.
  }
}

export class DataFileWriter {
  private dirty = false;
  private inFlight: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  constructor(
    private readonly file: string,
    private readonly snapshot: () => PersistedState,
  ) {}

  markDirty(): void {
    this.dirty = true;
  }

  /** Resolves once every change made before the call is on disk. */
  flush(): Promise<void> {
    if (this.queued) return this.queued;
    if (this.inFlight) {
      if (!this.dirty) return this.inFlight;
      // The running write may have taken its snapshot before this change: queue one more behind it.
      this.queued = this.inFlight
        .catch(() => undefined)
        .then(() => {
          this.queued = undefined;
          return this.startWrite();
        });
      return this.queued;
    }
    return this.dirty ? this.startWrite() : Promise.resolve();
  }

  private startWrite(): Promise<void> {
    this.dirty = false;
    const contents = JSON.stringify(this.snapshot());
    const write = writeFileAtomically(this.file, contents)
      .catch((error: unknown) => {
        this.dirty = true;
        throw error;
      })
      .finally(() => {
        if (this.inFlight === write) this.inFlight = undefined;
      });
    this.inFlight = write;
    return write;
  }
}
