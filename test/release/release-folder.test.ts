/**
 * The release folder `npm run release` writes, checked as the places it goes would check it: one version
 * everywhere, checksums that match, plugin archives that are byte-reproducible and differ between platforms
 * only by their launcher, a launcher that fails in one line without a fit Node.js, and the dry runs of what
 * the release workflow publishes (`npm publish --dry-run`, `twine check`).
 */
import { execFile, execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { extract } from "tar-stream";
import { GO_PROXY_DIR, GO_SDK_MODULE } from "../../scripts/release/go";
import { javaAssetNames } from "../../scripts/release/java";
import { npmAssetNames } from "../../scripts/release/npm";
import { PLATFORMS, pluginAssetName, writePluginAssets } from "../../scripts/release/plugin";
import { ANALYZER_NAME, policyAssetNames, writeAnalyzerTarball } from "../../scripts/release/policy";
import { pythonAssetNames, releasePython } from "../../scripts/release/python";
import { releaseVersion } from "../../scripts/release/version";
import { PLUGIN_DOWNLOAD_URL } from "../../src/plugin/resources";
import { createStageRoot } from "../support/packed-package";
import { releaseFolder } from "./support/release-folder";

const version = releaseVersion();
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

interface ArchiveEntry {
  type: string;
  mode: number;
  mtime: number;
  uid: number;
  gid: number;
  sha: string;
  text?: string;
}

async function entriesOf(archive: string): Promise<Map<string, ArchiveEntry>> {
  const entries = new Map<string, ArchiveEntry>();
  const reader = extract();
  const done = new Promise<void>((resolve, reject) => {
    reader.on("entry", (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: unknown) => chunks.push(chunk as Buffer));
      stream.on("end", () => {
        const content = Buffer.concat(chunks);
        entries.set(header.name, {
          type: header.type ?? "file",
          mode: header.mode ?? 0,
          mtime: header.mtime?.getTime() ?? 0,
          uid: header.uid ?? -1,
          gid: header.gid ?? -1,
          sha: sha256(content),
          text: header.name.startsWith("pulumi-resource-integrations") ? content.toString("utf8") : undefined,
        });
        next();
      });
      stream.resume();
    });
    reader.on("finish", resolve);
    reader.on("error", reject);
  });
  reader.end(gunzipSync(readFileSync(archive)));
  await done;
  return entries;
}

function fileFromArchive(archive: string, member: string): string {
  return execFileSync("tar", ["-xzOf", archive, member], { encoding: "utf8" });
}

function unzipped(archive: string, member: string): string {
  return execFileSync("unzip", ["-p", archive, member], { encoding: "utf8" });
}

describe("the release folder", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await releaseFolder();
  }, 300_000);

  it("holds every asset, named for the one version", () => {
    const top = readdirSync(folder).filter((name) => !name.startsWith("."));
    expect(top.sort()).toEqual(
      [
        ...PLATFORMS.map((platform) => pluginAssetName(version, platform)),
        ...Object.values(npmAssetNames()),
        ...Object.values(pythonAssetNames()),
        ...Object.values(javaAssetNames()),
        ...Object.values(policyAssetNames()),
        GO_PROXY_DIR,
        "SHA256SUMS",
      ].sort(),
    );
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("has a SHA256SUMS line that matches each file, as `sha256sum -c` checks it", () => {
    const checked = execFileSync("sha256sum", ["-c", "--strict", "SHA256SUMS"], {
      cwd: folder,
      encoding: "utf8",
    });
    const lines = checked.trim().split("\n");
    expect(lines.every((line) => line.endsWith(": OK"))).toBe(true);
    expect(lines.length).toBe(
      readdirSync(folder, { recursive: true, withFileTypes: true }).filter(
        (entry) => entry.isFile() && entry.name !== "SHA256SUMS" && !entry.name.startsWith("."),
      ).length,
    );
  });

  it("gives the same bytes when the plugin is built again", async () => {
    const again = mkdtempSync(join(createStageRoot(), "plugin-again-"));
    const rebuilt = await writePluginAssets(again, ["linux-amd64", "windows-arm64"]);
    for (const file of rebuilt) {
      const name = file.slice(again.length + 1);
      expect(sha256(readFileSync(file))).toBe(sha256(readFileSync(join(folder, name))));
    }
  }, 180_000);

  it("has the same JavaScript for every platform, with the platform's launcher, fixed times and owners", async () => {
    const [reference, ...others] = await Promise.all(
      PLATFORMS.map(async (platform) => ({
        platform,
        entries: await entriesOf(join(folder, pluginAssetName(version, platform))),
      })),
    );
    const launcherNames = /^pulumi-resource-integrations(\.cmd)?$/;
    const shared = (entries: Map<string, ArchiveEntry>) =>
      [...entries].filter(([name]) => !launcherNames.test(name));
    for (const other of others) expect(shared(other.entries)).toEqual(shared(reference!.entries));

    for (const { platform, entries } of [reference!, ...others]) {
      const launchers = [...entries.keys()].filter((name) => launcherNames.test(name));
      const windows = platform.startsWith("windows-");
      expect(launchers).toEqual([
        windows ? "pulumi-resource-integrations.cmd" : "pulumi-resource-integrations",
      ]);
      const launcher = entries.get(launchers[0]!)!;
      expect(launcher.mode).toBe(0o755);
      if (windows) {
        expect(
          launcher
            .text!.split("\n")
            .slice(0, -1)
            .every((line) => line.endsWith("\r")),
        ).toBe(true);
        expect(launcher.text).toContain('node "%~dp0launch.js" %*');
      } else {
        expect(launcher.text).not.toContain("\r");
        expect(launcher.text!.startsWith("#!/bin/sh\n")).toBe(true);
      }
      for (const [name, entry] of entries) {
        expect([entry.uid, entry.gid, entry.mtime]).toEqual([0, 0, Date.UTC(2000, 0, 1)]);
        expect(entry.type === "directory" ? [0o755] : [0o644, 0o755]).toContain(entry.mode);
        if (name === "launch.js" || name === "dist/plugin/main.js") expect(entry.mode).toBe(0o644);
      }
    }
  });

  it("packs the policy pack compiled, with its analyzer; and the analyzer alone, executable, the same bytes each build", async () => {
    const { pack, analyzer } = policyAssetNames();
    const packed = await entriesOf(join(folder, pack));
    expect([...packed.keys()]).toEqual(
      expect.arrayContaining([
        "package/package.json",
        "package/PulumiPolicy.yaml",
        "package/README.md",
        "package/LICENSE",
        "package/dist/index.js",
        "package/dist/rules/secret-auth-config.js",
        `package/analyzer/${ANALYZER_NAME}`,
      ]),
    );
    expect([...packed.keys()].filter((name) => name.includes("/src/") || name.endsWith(".map"))).toEqual([]);
    expect(packed.get(`package/analyzer/${ANALYZER_NAME}`)!.mode & 0o111).toBe(0o111);

    const entries = await entriesOf(join(folder, analyzer));
    expect([...entries.keys()]).toEqual([ANALYZER_NAME]);
    expect(entries.get(ANALYZER_NAME)).toMatchObject({ type: "file", mode: 0o755, uid: 0, gid: 0 });
    const again = await writeAnalyzerTarball(mkdtempSync(join(createStageRoot(), "analyzer-again-")));
    expect(sha256(readFileSync(again))).toBe(sha256(readFileSync(join(folder, analyzer))));
  });

  it("carries the one version and the download URL in the plugin, every SDK and every package", () => {
    const plugin = join(folder, pluginAssetName(version, "linux-amd64"));
    expect(JSON.parse(fileFromArchive(plugin, "package.json")).version).toBe(version);
    expect(JSON.parse(fileFromArchive(plugin, "provider/schema.json"))).toMatchObject({
      version,
      pluginDownloadURL: PLUGIN_DOWNLOAD_URL,
    });

    const { main, sdk } = npmAssetNames();
    expect(JSON.parse(fileFromArchive(join(folder, main), "package/package.json")).version).toBe(version);
    expect(JSON.parse(fileFromArchive(join(folder, sdk), "package/package.json"))).toMatchObject({
      name: "@pulumi-integrations/sdk",
      version,
      pulumi: { resource: true, name: "integrations", version, server: PLUGIN_DOWNLOAD_URL },
    });

    const policy = policyAssetNames();
    expect(JSON.parse(fileFromArchive(join(folder, policy.pack), "package/package.json"))).toMatchObject({
      name: "@pulumi-integrations/policy",
      version,
    });

    const { wheel, sdist } = pythonAssetNames();
    const metadata = unzipped(join(folder, wheel), `pulumi_integrations-${version}.dist-info/METADATA`);
    expect(metadata).toMatch(new RegExp(`^Version: ${version.replace(/\./g, "\\.")}$`, "m"));
    expect(metadata).toMatch(/^Requires-Dist: pulumi<4\.0\.0,>=3\.269\.0$/m);
    // The README pyproject.toml names is there, and becomes the description PyPI shows.
    expect(metadata).toContain("downloads itself from the project's GitHub releases");
    expect(JSON.parse(unzipped(join(folder, wheel), "pulumi_integrations/pulumi-plugin.json"))).toEqual({
      resource: true,
      name: "integrations",
      version,
      server: PLUGIN_DOWNLOAD_URL,
    });
    expect(fileFromArchive(join(folder, sdist), `pulumi_integrations-${version}/README.md`)).toContain(
      "pulumi-resource-integrations",
    );

    const proxy = join(folder, GO_PROXY_DIR, ...GO_SDK_MODULE.split("/"), "@v");
    expect(readFileSync(join(proxy, "list"), "utf8")).toBe(`v${version}\n`);
    expect(JSON.parse(readFileSync(join(proxy, `v${version}.info`), "utf8"))).toMatchObject({
      Version: `v${version}`,
    });
    expect(readFileSync(join(proxy, `v${version}.mod`), "utf8")).toMatch(
      new RegExp(`^module ${GO_SDK_MODULE}$`, "m"),
    );
    expect(
      JSON.parse(
        unzipped(
          join(proxy, `v${version}.zip`),
          `${GO_SDK_MODULE}@v${version}/integrations/pulumi-plugin.json`,
        ),
      ),
    ).toEqual({ resource: true, name: "integrations", version, server: PLUGIN_DOWNLOAD_URL });

    const java = javaAssetNames();
    expect(readFileSync(join(folder, java.pom), "utf8")).toContain(`<version>${version}</version>`);
    expect(
      unzipped(join(folder, java.jar), "io/github/pulumiintegrations/integrations/version.txt").trim(),
    ).toBe(version);
    expect(
      unzipped(join(folder, java.sources), "io/github/pulumiintegrations/integrations/Connector.java"),
    ).toContain(`.pluginDownloadURL("${PLUGIN_DOWNLOAD_URL}")`);
  });

  describe("the launcher", () => {
    let launcher: string;
    beforeAll(() => {
      const dir = mkdtempSync(join(createStageRoot(), "launcher-"));
      execFileSync("tar", ["-xzf", join(folder, pluginAssetName(version, "linux-amd64")), "-C", dir]);
      launcher = join(dir, "pulumi-resource-integrations");
    });

    async function launch(path: string): Promise<{ code: number | null; stderr: string }> {
      return promisify(execFile)(launcher, ["127.0.0.1:1"], { env: { PATH: path }, timeout: 20_000 }).then(
        () => ({ code: 0, stderr: "" }),
        (error: { code?: number; stderr?: string }) => ({
          code: error.code ?? null,
          stderr: error.stderr ?? "",
        }),
      );
    }

    it("says in one line that Node.js is missing", async () => {
      const empty = mkdtempSync(join(createStageRoot(), "no-node-"));
      expect(await launch(empty)).toEqual({
        code: 1,
        stderr: "pulumi-resource-integrations: Node.js 20 or later must be on PATH (node was not found)\n",
      });
    });

    it("says in one line that the node on PATH is too old, the minimum being package.json's engines", async () => {
      const engines = (
        JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")) as {
          engines: { node: string };
        }
      ).engines.node;
      expect(engines).toBe(">=20");
      // A node that reports v18.20.0: the real one, its version overridden before anything else runs.
      const dir = mkdtempSync(join(createStageRoot(), "old-node-"));
      const preload = join(dir, "pretend-18.js");
      writeFileSync(
        preload,
        'Object.defineProperty(process, "version", { value: "v18.20.0" });\nObject.defineProperty(process.versions, "node", { value: "18.20.0" });\n',
      );
      writeFileSync(join(dir, "node"), `#!/bin/sh\nexec "${process.execPath}" -r "${preload}" "$@"\n`);
      chmodSync(join(dir, "node"), 0o755);
      expect(await launch(dir)).toEqual({
        code: 1,
        stderr: "pulumi-resource-integrations: needs Node.js 20 or later; the node on PATH is v18.20.0\n",
      });
    });

    it("starts the plugin with a fit node, which prints its port", async () => {
      const dir = mkdtempSync(join(createStageRoot(), "node-"));
      symlinkSync(process.execPath, join(dir, "node"));
      const child = spawn(launcher, ["127.0.0.1:1"], { env: { PATH: dir } });
      const port = await new Promise<string>((resolve, reject) => {
        child.stdout.setEncoding("utf8").on("data", (chunk: string) => resolve(chunk.trim()));
        child.on("exit", (code) => reject(new Error(`exited ${code}`)));
      });
      child.kill();
      expect(Number(port)).toBeGreaterThan(0);
    });
  });

  describe("dry runs of what the release workflow publishes", () => {
    it.each(Object.entries({ ...npmAssetNames(), policy: policyAssetNames().pack }))(
      "npm publish --dry-run %s",
      async (_kind, file) => {
        // As from a user's shell: not the settings `npm test` passes its scripts (npm_config_*).
        const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
        const { stdout, stderr } = await promisify(execFile)(
          "npm",
          ["publish", "--dry-run", "--access", "public", join(folder, file)],
          { encoding: "utf8", env },
        );
        const manifest = JSON.parse(fileFromArchive(join(folder, file), "package/package.json")) as {
          name: string;
        };
        expect(`${stdout}${stderr}`).toContain(`+ ${manifest.name}@${version}`);
        expect(stderr).toContain(
          "Publishing to https://registry.npmjs.org/ with tag latest and public access (dry-run)",
        );
      },
      60_000,
    );

    it("twine check passes the sdist and the wheel", async () => {
      const python = await releasePython(() => undefined);
      const { wheel, sdist } = pythonAssetNames();
      const { stdout } = await promisify(execFile)(
        python,
        ["-m", "twine", "check", "--strict", join(folder, sdist), join(folder, wheel)],
        {
          encoding: "utf8",
        },
      );
      expect(stdout.match(/PASSED/g)).toHaveLength(2);
    }, 120_000);
  });
});
