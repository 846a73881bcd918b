/** Temporary folders of one test file: new ones (mkdtemp, never a fixed path), removed when the file ends. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const made: string[] = [];
// Registered when a test file imports this module.
afterAll(() => {
  for (const directory of made.splice(0)) rmSync(directory, { recursive: true, force: true });
});

export function tempDirectory(prefix: string): string {
  const directory = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(directory);
  return directory;
}
