import { appendFileSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DataFileWriter, journalFileOf, loadDataFile } from "../../src/emulator/persistence";
import type { IntegrationRecord, TriggerLogRecord } from "../../src/emulator/records";
import { MAX_LOGS_PER_TENANT, Store } from "../../src/emulator/store";
import { tempDirectory } from "./temp-directory";

/** The data file as snapshot + journal, and the bounded trigger logs, at the store level. */

const KEY = "journal-key";
const freshFile = () => path.join(tempDirectory("emulator-journal-"), "data.json");

function integration(id: string): IntegrationRecord {
  const at = new Date().toISOString();
  return {
    id,
    name: `c-${id}`,
    appId: "app",
    appName: "github",
    authScheme: "OAUTH2",
    authConfig: {},
    enabled: true,
    useServiceAuth: false,
    expectedInputFields: [],
    logo: "",
    createdAt: at,
    updatedAt: at,
    deleted: false,
    defaultConnectorId: null,
  };
}

function log(id: string, triggerName: string, createdAt = new Date().toISOString()): TriggerLogRecord {
  return {
    id,
    clientId: "c",
    connectionId: "ca",
    appKey: "github",
    createdAt,
    triggerName,
    errorTrigger: null,
    triggerClientError: null,
    triggerClientPayload: null,
    triggerProviderPayload: null,
  };
}

/** A store persisted to `file`, as startEmulator wires it. */
async function open(file: string, minCompactionBytes?: number) {
  const loaded = loadDataFile(file);
  const store = new Store(
    [KEY],
    loaded?.state,
    (tenant, change) => writer.record(tenant, change),
    loaded?.journal,
  );
  const writer = new DataFileWriter(file, () => store.snapshot(), loaded, minCompactionBytes);
  await writer.flush();
  return { tenant: store.tenant(0), writer };
}

describe("data journal", () => {
  it("appends a change to the journal without rewriting the snapshot", async () => {
    const file = freshFile();
    const { tenant, writer } = await open(file);
    for (let i = 0; i < 50; i++) tenant.addIntegration(integration(`i${i}`));
    await writer.flush();
    const snapshotBefore = readFileSync(file, "utf8");
    const journalBefore = statSync(journalFileOf(file)).size;
    tenant.addIntegration(integration("one-more"));
    await writer.flush();
    expect(readFileSync(file, "utf8")).toBe(snapshotBefore);
    const added = statSync(journalFileOf(file)).size - journalBefore;
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThan(1000); // one record, not the 50 before it
    await writer.close();
    const again = await open(file);
    expect(again.tenant.listIntegrations()).toHaveLength(51);
    await again.writer.close();
  });

  it("folds the journal into a new snapshot once it outgrows it, losing nothing", async () => {
    const file = freshFile();
    const { tenant, writer } = await open(file, 0);
    for (let i = 0; i < 30; i++) {
      tenant.addIntegration(integration(`i${i}`));
      await writer.flush();
    }
    const journal = readFileSync(journalFileOf(file), "utf8");
    const snapshot = JSON.parse(readFileSync(file, "utf8"));
    expect(snapshot.generation).toBeGreaterThan(1);
    expect(journal.length).toBeLessThanOrEqual(readFileSync(file, "utf8").length + 1000);
    await writer.close();
    const again = await open(file);
    expect(again.tenant.listIntegrations()).toHaveLength(30);
    await again.writer.close();
  });

  it("ignores a journal of an older snapshot (a crash between the two steps of a fold)", async () => {
    const file = freshFile();
    const { tenant, writer } = await open(file);
    tenant.addLog(log("l1", "T"));
    await writer.close();
    const staleJournal = readFileSync(journalFileOf(file), "utf8");
    // Fold: the snapshot now holds l1; put the old journal (which also holds l1) back.
    const folded = await open(file, 0);
    folded.writer.markDirty();
    await folded.writer.close();
    writeFileSync(journalFileOf(file), staleJournal);
    const again = await open(file);
    expect(again.tenant.listLogs()).toHaveLength(1);
    expect(again.tenant.logCountsByTrigger().get("T")).toBe(1);
    await again.writer.close();
  });

  it("drops a torn last line (a crash mid-append) and keeps the rest", async () => {
    const file = freshFile();
    const { tenant, writer } = await open(file);
    tenant.addIntegration(integration("kept"));
    await writer.close();
    appendFileSync(journalFileOf(file), '{"tenant":"x","kind":"integ');
    const again = await open(file);
    expect(again.tenant.getIntegration("kept")).toBeDefined();
    await again.writer.close();
  });
});

describe("trigger logs", () => {
  it("keeps the newest MAX_LOGS_PER_TENANT entries, with exact counts, across a restart", async () => {
    const file = freshFile();
    const { tenant, writer } = await open(file);
    const total = MAX_LOGS_PER_TENANT + 50;
    for (let i = 0; i < total; i++) tenant.addLog(log(`l${i}`, i % 2 === 0 ? "EVEN" : "ODD"));
    await writer.close();
    expect(tenant.listLogs().length).toBeLessThanOrEqual(MAX_LOGS_PER_TENANT);
    expect(tenant.listLogs()[0]?.id).toBe(`l${total - 1}`);
    expect(tenant.logCountsByTrigger().get("EVEN")).toBe(total / 2);
    const again = await open(file);
    expect(again.tenant.logCountsByTrigger().get("ODD")).toBe(total / 2);
    expect(again.tenant.listLogs()[0]?.id).toBe(`l${total - 1}`);
    await again.writer.close();
  });

  it("lists newest first by createdAt, an entry dated earlier taking its place", async () => {
    const file = freshFile();
    const { tenant, writer } = await open(file);
    tenant.addLog(log("b", "T", "2026-01-02T00:00:00.000Z"));
    tenant.addLog(log("c", "T", "2026-01-03T00:00:00.000Z"));
    tenant.addLog(log("a", "T", "2026-01-01T00:00:00.000Z"));
    expect(tenant.listLogs().map((entry) => entry.id)).toEqual(["c", "b", "a"]);
    await writer.close();
  });
});

describe("live-integration indexes", () => {
  it("find the live connector by name and the oldest live one of an app, forgetting deleted ones", async () => {
    const { tenant, writer } = await open(freshFile());
    tenant.addIntegration({ ...integration("a"), name: "same" });
    tenant.addIntegration({ ...integration("b"), name: "other" });
    expect(tenant.liveIntegrationNamed("same")?.id).toBe("a");
    expect(tenant.firstLiveIntegrationOf("app")?.id).toBe("a");
    tenant.updateIntegration("a", { deleted: true }, new Date().toISOString());
    expect(tenant.liveIntegrationNamed("same")).toBeUndefined();
    expect(tenant.firstLiveIntegrationOf("app")?.id).toBe("b");
    tenant.addIntegration({ ...integration("c"), name: "same" });
    tenant.updateIntegration("c", { enabled: false }, new Date().toISOString());
    expect(tenant.liveIntegrationNamed("same")?.id).toBe("c");
    await writer.close();
  });
});
