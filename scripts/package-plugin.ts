/**
 * `npm run package-plugin [-- --out <dir>]`: the provider plugin as a tarball Pulumi installs,
 * `pulumi-resource-integrations-v<version>-linux-amd64.tar.gz` (default folder: dist-plugin/):
 *
 *     pulumi-resource-integrations   the executable (node shebang), at the root where the engine looks
 *     package.json, provider/schema.json, dist/      the package's JavaScript, compiled afresh
 *     node_modules/                  the production dependencies, exactly as package-lock.json pins them
 *
 * so `pulumi plugin install resource integrations <version> --file <tarball>` gives a plugin that runs with
 * only Node on PATH. The JavaScript is the same for every platform; the name carries the platform because
 * that is how Pulumi names plugin archives.
 *
 * @pulumi/pulumi is a peer dependency of the package (the program's copy serves it), so it is not among
 * the production dependencies. The plugin needs only its generated gRPC stubs (proto/*_pb.js), and of the
 * package only those are copied: its runtime and that runtime's own dependencies would never be loaded.
 */
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";

const ROOT = resolve(__dirname, "..");
const EXECUTABLE = "pulumi-resource-integrations";
/** The stubs src/plugin requires; the files they require in turn are found by following them. */
const STUBS = ["provider_grpc_pb.js", "provider_pb.js", "plugin_pb.js", "status_pb.js", "engine_grpc_pb.js"];

export function tarballName(version: string): string {
  return `${EXECUTABLE}-v${version}-linux-amd64.tar.gz`;
}

/** Builds the tarball into `outDir` and returns its path. */
export function packagePlugin(outDir: string, log: (line: string) => void = () => {}): string {
  const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
  const stage = mkdtempSync(join(tmpdir(), "plugin-package-"));
  try {
    log("Compiling the package's JavaScript...");
    execFileSync(
      process.execPath,
      [
        require.resolve("typescript/bin/tsc"),
        ...["-p", join(ROOT, "tsconfig.build.json"), "--outDir", join(stage, "dist")],
        ...["--sourceMap", "false", "--declaration", "false"],
      ],
      { stdio: "inherit" },
    );
    for (const file of ["package.json", "package-lock.json", "LICENSE", join("provider", "schema.json")]) {
      mkdirSync(dirname(join(stage, file)), { recursive: true });
      cpSync(join(ROOT, file), join(stage, file));
    }
    log("Installing the production dependencies (npm ci --omit=dev)...");
    execFileSync(
      "npm",
      ["ci", "--omit=dev", "--omit=peer", "--ignore-scripts", "--prefer-offline", "--no-audit", "--no-fund"],
      // Quiet unless it fails (then execFileSync throws with its stderr).
      { cwd: stage, stdio: "pipe" },
    );
    copyStubs(join(stage, "node_modules", "@pulumi", "pulumi"));
    const launcher = join(stage, EXECUTABLE);
    writeFileSync(
      launcher,
      readFileSync(join(ROOT, "bin", EXECUTABLE), "utf8").replace(
        "../dist/plugin/main.js",
        "./dist/plugin/main.js",
      ),
    );
    chmodSync(launcher, 0o755);
    mkdirSync(outDir, { recursive: true });
    const tarball = join(outDir, tarballName(version));
    execFileSync("tar", ["-czf", tarball, "-C", stage, "."]);
    log(`Wrote ${tarball}`);
    return tarball;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** The generated stubs of @pulumi/pulumi (and what they require of one another), with its package.json. */
function copyStubs(target: string): void {
  const source = dirname(require.resolve("@pulumi/pulumi/package.json", { paths: [ROOT] }));
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

if (require.main === module) {
  const { values } = parseArgs({ options: { out: { type: "string", default: join(ROOT, "dist-plugin") } } });
  try {
    packagePlugin(resolve(values.out!), console.log);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
