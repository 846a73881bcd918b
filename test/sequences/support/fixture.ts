/**
 * A stack that release 0.2.0 (commit 8f5e915) wrote, for the fuzzer's upgrade step: the fuzzer's first
 * program applied by that release's plugin or package, as test/sequences/fixtures/v0.2.0/make-fixture.ts
 * recorded it. A world started from it restores service one from the emulator's data file, puts the stack's
 * config (its passphrase salt) in the program folder and imports the exported state, its service URL
 * rewritten to the new emulator's port.
 */
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { createStageRoot } from "../../support/packed-package";

export const FIXTURE_DIR = join(__dirname, "..", "fixtures", "v0.2.0");

/**
 * The fixture's keys and secrets: distinctive fakes, never real credentials, so that invariant 6 can look for
 * each one in state and output. The stack's secrets are encrypted with PulumiStack's default passphrase.
 */
export const FIXTURE_SECRETS = {
  a1: "sk-seq-fixture-a1-3f9c2e71b8d4",
  a2: "sk-seq-fixture-a2-8a1d5c04e6f3",
  b1: "sk-seq-fixture-b1-c7e20b93d15a",
  d1: "sk-seq-fixture-d1-4b6f8e2a9c07",
  accountToken: "sk-seq-fixture-token-e5d3a7c91f24",
} as const;

const recordSchema = z.object({
  /** The base URL the state records (the emulator's port when the fixture was made). */
  serviceUrl: z.string(),
  elsewhereId: z.string(),
  commit: z.string(),
  cli: z.string(),
});

export interface StackFixture {
  /** A fresh copy of the emulator's data file (service one), for a new emulator to restore. */
  dataFile: string;
  /** The stack's config file, with its encryptionsalt. */
  configFile: string;
  elsewhereId: string;
  /** `pulumi stack export` of the stack, its service URL replaced by `serviceUrl`. */
  stateFor(serviceUrl: string): string;
}

export function loadFixture(frontEnd: "plugin" | "dynamic"): StackFixture {
  const dir = join(FIXTURE_DIR, frontEnd);
  const record = recordSchema.parse(JSON.parse(readFileSync(join(dir, "fixture.json"), "utf8")));
  // In the run's stage folder, which goes with the run.
  const copy = mkdtempSync(join(createStageRoot(), "seq-fixture-"));
  cpSync(join(dir, "emulator"), copy, { recursive: true });
  const state = readFileSync(join(dir, "stack.json"), "utf8");
  return {
    dataFile: join(copy, "data.json"),
    configFile: join(dir, "Pulumi.dev.yaml"),
    elsewhereId: record.elsewhereId,
    stateFor: (serviceUrl) => state.split(record.serviceUrl).join(serviceUrl),
  };
}
