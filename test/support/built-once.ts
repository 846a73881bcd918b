/**
 * Something a test run builds once into its stage folder (test/support/packed-package.ts) and every worker
 * shares: the first worker to ask builds it, the others wait for its `.ready` marker.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createStageRoot } from "./packed-package";

const WAIT_LIMIT_MS = 300_000;

/** `<stage>/<name>`, built by `build` into that folder unless another worker did or is doing it. */
export async function builtOnce(name: string, build: (dir: string) => Promise<unknown>): Promise<string> {
  const dir = join(createStageRoot(), name);
  const lock = `${dir}.building`;
  const ready = join(dir, ".ready");
  if (existsSync(ready)) return dir;
  try {
    mkdirSync(lock, { recursive: false });
  } catch {
    const deadline = Date.now() + WAIT_LIMIT_MS;
    while (!existsSync(ready)) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for another worker to build ${dir}`);
      await sleep(200);
    }
    return dir;
  }
  try {
    await build(dir);
    writeFileSync(ready, "");
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  return dir;
}
