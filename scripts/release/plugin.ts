/**
 * The provider plugin as the archives the CLI downloads, `pulumi-resource-integrations-v<version>-<os>-<arch>.tar.gz`
 * (the name the CLI builds from the plugin's kind, name, version and platform), one per platform:
 *
 *     pulumi-resource-integrations       the launcher on linux and darwin (POSIX sh, mode 755)
 *     pulumi-resource-integrations.cmd   the launcher on windows (CRLF; the CLI probes `.exe`, then `.cmd`)
 *     launch.js                          checks the Node.js version, then starts dist/plugin/main.js
 *     package.json, provider/schema.json, dist/      the package's JavaScript, compiled afresh
 *     node_modules/                      the production dependencies, exactly as package-lock.json pins them
 *
 * The JavaScript is the same on every platform: only the launcher differs. It runs with only `node` on
 * `PATH`, and fails with one line when `node` is missing or older than the README's minimum.
 *
 * @pulumi/pulumi is a peer dependency of the package (the program's copy serves it), so it is not among the
 * production dependencies. The plugin needs only its generated gRPC stubs (proto/*_pb.js), and of the package
 * only those are copied: its runtime and that runtime's own dependencies would never be loaded.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { runQuietly } from "../../tools/run-quietly";
import { reproducibleTarGz, type TarEntry } from "./tarball";
import { REPO_DIR, releaseVersion } from "./version";

export const PLUGIN_EXECUTABLE = "pulumi-resource-integrations";
export const PLATFORMS = [
  "linux-amd64",
  "linux-arm64",
  "darwin-amd64",
  "darwin-arm64",
  "windows-amd64",
  "windows-arm64",
] as const;
export type Platform = (typeof PLATFORMS)[number];
/** The stubs src/plugin requires; the files they require in turn are found by following them. */
const STUBS = ["provider_grpc_pb.js", "provider_pb.js", "plugin_pb.js", "status_pb.js", "engine_grpc_pb.js"];

export function pluginAssetName(version: string, platform: Platform): string {
  return `${PLUGIN_EXECUTABLE}-v${version}-${platform}.tar.gz`;
}

/** The launcher of a platform: its name in the archive and its text. */
export function launcherOf(platform: Platform): { name: string; text: string } {
  if (platform.startsWith("windows-")) {
    const lines = [
      "@echo off",
      "rem The provider plugin of the Pulumi package `integrations`, run by Node.js (launch.js checks its version).",
      "where node >nul 2>nul",
      "if errorlevel 1 (",
      `  echo ${PLUGIN_EXECUTABLE}: Node.js ${MINIMUM_NODE_MAJOR} or later must be on PATH ^(node was not found^) 1>&2`,
      "  exit /b 1",
      ")",
      'node "%~dp0launch.js" %*',
    ];
    return { name: `${PLUGIN_EXECUTABLE}.cmd`, text: `${lines.join("\r\n")}\r\n` };
  }
  const lines = [
    "#!/bin/sh",
    "# The provider plugin of the Pulumi package `integrations`, run by Node.js (launch.js checks its version).",
    "if ! command -v node >/dev/null 2>&1; then",
    `  echo "${PLUGIN_EXECUTABLE}: Node.js ${MINIMUM_NODE_MAJOR} or later must be on PATH (node was not found)" >&2`,
    "  exit 1",
    "fi",
    // Shell expansion, not dirname: the engine may run a plugin with only `node` on PATH.
    'exec node "${0%/*}/launch.js" "$@"',
  ];
  return { name: PLUGIN_EXECUTABLE, text: `${lines.join("\n")}\n` };
}

/** The oldest Node.js the plugin runs on: bin/pulumi-resource-integrations checks it, package.json's engines says it. */
export const MINIMUM_NODE_MAJOR = Number(
  /var MINIMUM_NODE_MAJOR = (\d+);/.exec(readFileSync(join(REPO_DIR, "bin", PLUGIN_EXECUTABLE), "utf8"))![1],
);

/**
 * Writes the plugin's archive for each of `platforms` into `outDir` and returns their paths. The JavaScript
 * is compiled and its dependencies installed once, in a staging folder.
 */
export async function writePluginAssets(
  outDir: string,
  platforms: readonly Platform[] = PLATFORMS,
  log: (line: string) => void = () => {},
): Promise<string[]> {
  const version = releaseVersion();
  const stage = mkdtempSync(join(tmpdir(), "plugin-package-"));
  try {
    await stagePlugin(stage, log);
    const shared = entriesUnder(stage);
    mkdirSync(outDir, { recursive: true });
    const written: string[] = [];
    for (const platform of platforms) {
      const launcher = launcherOf(platform);
      const archive = await reproducibleTarGz([
        ...shared,
        { path: launcher.name, content: Buffer.from(launcher.text), mode: 0o755 },
      ]);
      const file = join(outDir, pluginAssetName(version, platform));
      writeFileSync(file, archive);
      written.push(file);
    }
    log(`Wrote the plugin for ${platforms.join(", ")} into ${outDir}`);
    return written;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** The plugin's files, the same for every platform: the compiled package, its dependencies and launch.js. */
async function stagePlugin(stage: string, log: (line: string) => void): Promise<void> {
  log("Compiling the package's JavaScript...");
  await runQuietly(process.execPath, [
    require.resolve("typescript/bin/tsc"),
    ...["-p", join(REPO_DIR, "tsconfig.build.json"), "--outDir", join(stage, "dist")],
    ...["--sourceMap", "false", "--declaration", "false"],
  ]);
  for (const file of ["package.json", "package-lock.json", "LICENSE", join("provider", "schema.json")]) {
    mkdirSync(dirname(join(stage, file)), { recursive: true });
    cpSync(join(REPO_DIR, file), join(stage, file));
  }
  log("Installing the production dependencies (npm ci --omit=dev)...");
  await runQuietly(
    "npm",
    ["ci", "--omit=dev", "--omit=peer", "--ignore-scripts", "--prefer-offline", "--no-audit", "--no-fund"],
    { cwd: stage },
  );
  copyStubs(join(stage, "node_modules", "@pulumi", "pulumi"));
  writeFileSync(
    join(stage, "launch.js"),
    readFileSync(join(REPO_DIR, "bin", PLUGIN_EXECUTABLE), "utf8").replace(
      "../dist/plugin/main.js",
      "./dist/plugin/main.js",
    ),
  );
}

/** Every folder and file under `root` as archive entries: folders 755, files 644 (755 when executable). */
function entriesUnder(root: string): TarEntry[] {
  return readdirSync(root, { recursive: true, withFileTypes: true }).map((dirent) => {
    const full = join(dirent.parentPath, dirent.name);
    const path = relative(root, full).split(sep).join("/");
    if (dirent.isDirectory()) return { path, mode: 0o755 };
    const executable = (statSync(full).mode & 0o111) !== 0;
    return { path, content: readFileSync(full), mode: executable ? 0o755 : 0o644 };
  });
}

/** The generated stubs of @pulumi/pulumi (and what they require of one another), with its package.json. */
function copyStubs(target: string): void {
  const source = dirname(require.resolve("@pulumi/pulumi/package.json", { paths: [REPO_DIR] }));
  mkdirSync(join(target, "proto"), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(source, "package.json"), "utf8")) as Record<string, unknown>;
  // Only the stubs are here: the manifest says so, and names no dependencies to install.
  writeFileSync(
    join(target, "package.json"),
    `${JSON.stringify({ name: manifest.name, version: manifest.version, license: manifest.license, description: "The generated gRPC stubs of @pulumi/pulumi only (proto/), for pulumi-resource-integrations." }, null, 2)}\n`,
  );
  if (existsSync(join(source, "LICENSE"))) cpSync(join(source, "LICENSE"), join(target, "LICENSE"));
  const pending = [...STUBS];
  const copied = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (copied.has(file)) continue;
    copied.add(file);
    const text = readFileSync(join(source, "proto", file), "utf8");
    writeFileSync(join(target, "proto", file), text);
    for (const match of text.matchAll(/require\('\.\/([\w.]+)'\)/g)) pending.push(match[1]!);
  }
}
