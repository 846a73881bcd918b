import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { packedPackageDir } from "../support/packed-package";

/** Guards what users install: the published files and the entries the serialized providers rely on. */
describe("the packed package", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await packedPackageDir();
  }, 120_000);

  it("resolves the root, the stable dynamic entry and the emulator through its exports", () => {
    for (const entry of [
      "pulumi-integrations",
      "pulumi-integrations/dynamic",
      "pulumi-integrations/emulator",
    ]) {
      // Node's own resolution from where staged programs live (Jest's resolver would differ).
      const resolved = execFileSync(process.execPath, ["-p", `require.resolve(${JSON.stringify(entry)})`], {
        cwd: join(dir, "..", ".."),
        encoding: "utf8",
      }).trim();
      expect(resolved.startsWith(dir)).toBe(true);
    }
    const dynamic = require(join(dir, "dist", "dynamic", "entry.js")) as Record<string, unknown>;
    expect(Object.keys(dynamic)).toEqual(expect.arrayContaining(["connector", "integrationState"]));
  });

  it("ships its commands (the emulator, the plugin, the migration, the import file) and no tests, sources or source maps", () => {
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
      bin: Record<string, string>;
    };
    expect(Object.keys(manifest.bin).sort()).toEqual([
      "integrations-emulator",
      "integrations-import",
      "integrations-migrate-to-plugin",
      "pulumi-resource-integrations",
    ]);
    for (const path of Object.values(manifest.bin)) expect(existsSync(join(dir, path))).toBe(true);
    const help = execFileSync(process.execPath, [join(dir, manifest.bin["integrations-import"]!), "--help"], {
      encoding: "utf8",
    });
    expect(help).toContain("Usage: integrations-import [options]");
    expect(existsSync(join(dir, "test"))).toBe(false);
    expect(existsSync(join(dir, "src"))).toBe(false);
    expect(existsSync(join(dir, "dist", "index.js.map"))).toBe(false);
  });
});
