/**
 * The data file, as a snapshot plus a journal, so that a write costs the size of the change, not of the
 * whole history:
 * - `<file>` is a snapshot of every tenant (written atomically: temp file in the same directory, fsync,
 *   rename, fsync of the directory), stamped with a generation number;
 * - `<file>.journal` holds one JSON line per change since that snapshot (a record created, replaced or
 *   removed, a log entry appended, the webhook settings replaced), after a header line naming the generation it follows. A request's changes are
 *   appended and fsynced before it is answered.
 * When the journal grows past the snapshot's size (and at least 1 MiB), a new snapshot is written and the
 * journal restarted: each stored byte is rewritten about once per doubling of the data, so writes cost
 * O(1) amortized. A crash between the two steps leaves a journal of an older generation, which the next
 * start ignores (its changes are in the snapshot); a torn last line (a crash mid-append) is dropped.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { open, rename, unlink, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import {
  activeTriggerRecordSchema,
  connectedAccountRecordSchema,
  integrationRecordSchema,
  tenantStateSchema,
  triggerLogRecordSchema,
  webhookSettingsSchema,
} from "./records";
import type { PersistedState, StoreChange } from "./store";

const persistedStateSchema = z.object({
  version: z.literal(1),
  /** Absent in files written before the journal existed: generation 0. */
  generation: z.int().min(0).optional(),
  tenants: z.record(z.string(), tenantStateSchema),
  /** Per tenant, how many times each trigger fired (logs beyond the kept ones included). */
  triggerCounts: z.record(z.string(), z.record(z.string(), z.int().min(0))).optional(),
});

const journalHeaderSchema = z.object({ generation: z.int().min(0) });
const journalLineSchema = z.intersection(
  z.object({ tenant: z.string() }),
  z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("integration"), record: integrationRecordSchema }),
    z.object({ kind: z.literal("connectedAccount"), record: connectedAccountRecordSchema }),
    z.object({ kind: z.literal("activeTrigger"), record: activeTriggerRecordSchema }),
    z.object({
      kind: z.literal("removed"),
      what: z.enum(["connectedAccount", "activeTrigger"]),
      id: z.string().min(1),
    }),
    z.object({ kind: z.literal("log"), record: triggerLogRecordSchema }),
    z.object({ kind: z.literal("webhook"), record: webhookSettingsSchema }),
  ]),
);
type JournalLine = z.output<typeof journalLineSchema>;

/** Below this journal size, no snapshot is rewritten however small the snapshot is. */
export const MIN_COMPACTION_BYTES = 1024 * 1024;

export const journalFileOf = (file: string): string => `${file}.journal`;

/** What a data file holds: the state and where its journal stands. */
export interface LoadedData {
  state: PersistedState;
  /** The changes of the journal, to replay onto the snapshot's state, in order. */
  journal: JournalLine[];
  snapshotBytes: number;
  journalBytes: number;
}

/** Reads a saved state; undefined when there is no file yet. A file that is not valid stops the start-up. */
export function loadDataFile(file: string): LoadedData | undefined {
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, "utf8");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
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
  const generation = result.data.generation ?? 0;
  const state: PersistedState = { ...result.data, version: 1, generation };
  const { journal, bytes } = readJournal(journalFileOf(file), generation);
  return { state, journal, snapshotBytes: Buffer.byteLength(text), journalBytes: bytes };
}

/** The journal's changes when it follows the snapshot's generation; none when it is older or absent. */
function readJournal(file: string, generation: number): { journal: JournalLine[]; bytes: number } {
  if (!existsSync(file)) return { journal: [], bytes: 0 };
  const text = readFileSync(file, "utf8");
  const lines = text.split("\n");
  const header = journalHeaderSchema.safeParse(safeJson(lines[0] ?? ""));
  if (!header.success || header.data.generation !== generation) return { journal: [], bytes: 0 };
  const journal: JournalLine[] = [];
  const last = lines.length - 1;
  for (let index = 1; index <= last; index++) {
    const line = lines[index] as string;
    if (line === "") continue;
    const change = journalLineSchema.safeParse(safeJson(line));
    if (change.success) journal.push(change.data);
    // Only the last line can be torn by a crash mid-append; anything else is damage worth stopping for.
    else if (index < last) throw new Error(`Data journal ${file} line ${index + 1} is not valid`);
  }
  return { journal, bytes: Buffer.byteLength(text) };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
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

/**
 * Appends changes to the journal and rewrites the snapshot when the journal has grown past it. Every
 * disk operation runs in one queue, in order; `flush` resolves once the changes recorded before it are
 * on disk.
 */
export class DataFileWriter {
  private pending: string[] = [];
  private snapshotNeeded = false;
  private queue: Promise<void> = Promise.resolve();
  private journal: FileHandle | undefined;
  private generation: number;
  private snapshotBytes: number;
  private journalBytes: number;

  constructor(
    private readonly file: string,
    private readonly snapshot: () => PersistedState,
    loaded: LoadedData | undefined,
    private readonly minCompactionBytes = MIN_COMPACTION_BYTES,
  ) {
    this.generation = loaded?.state.generation ?? 0;
    this.snapshotBytes = loaded?.snapshotBytes ?? 0;
    this.journalBytes = loaded?.journalBytes ?? 0;
    // No file yet, or a journal to start afresh (an older generation's, or none): begin with a snapshot.
    this.snapshotNeeded = loaded === undefined || this.journalBytes === 0;
  }

  /** A change to append with the next flush. */
  record(tenant: string, change: StoreChange): void {
    this.pending.push(`${JSON.stringify({ tenant, ...change })}\n`);
  }

  /** The whole state to be written as a new snapshot with the next flush. */
  markDirty(): void {
    this.snapshotNeeded = true;
  }

  /** Resolves once every change recorded before the call is on disk. */
  flush(): Promise<void> {
    const run = this.queue.catch(() => undefined).then(() => this.writeDue());
    this.queue = run;
    return run;
  }

  /** Closes the journal file (the data stays usable by a later writer). */
  async close(): Promise<void> {
    try {
      await this.flush();
    } finally {
      await this.journal?.close();
      this.journal = undefined;
    }
  }

  private async writeDue(): Promise<void> {
    const due =
      this.snapshotNeeded || this.journalBytes > Math.max(this.minCompactionBytes, this.snapshotBytes);
    if (due) return this.writeSnapshot();
    if (this.pending.length === 0) return;
    const lines = this.pending.join("");
    this.pending = [];
    try {
      const journal = await this.openJournal();
      await journal.appendFile(lines, "utf8");
      await journal.datasync();
      this.journalBytes += Buffer.byteLength(lines);
    } catch (error) {
      // Not on disk: the next flush writes a whole snapshot, which holds these changes.
      this.snapshotNeeded = true;
      throw error;
    }
  }

  /** A new snapshot of everything, then a journal restarted for its generation. */
  private async writeSnapshot(): Promise<void> {
    const generation = this.generation + 1;
    // Taken now: it holds every change recorded so far, so the pending lines are no longer needed.
    this.pending = [];
    this.snapshotNeeded = false;
    try {
      const contents = JSON.stringify({ ...this.snapshot(), version: 1, generation });
      await writeFileAtomically(this.file, contents);
      this.generation = generation;
      this.snapshotBytes = Buffer.byteLength(contents);
      await this.journal?.close();
      this.journal = undefined;
      const header = `${JSON.stringify({ generation })}\n`;
      await writeFileAtomically(journalFileOf(this.file), header);
      this.journalBytes = Buffer.byteLength(header);
    } catch (error) {
      this.snapshotNeeded = true;
      throw error;
    }
  }

  private async openJournal(): Promise<FileHandle> {
    this.journal ??= await open(journalFileOf(this.file), "a", 0o600);
    return this.journal;
  }
}
