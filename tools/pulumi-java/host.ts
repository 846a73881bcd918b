/**
 * The real Java language host, `pulumi-language-java`, built from `github.com/pulumi/pulumi-java/pkg` at the
 * version this wrapper module pins (go.mod, go.sum). pulumi-java pins an older pkg/v3 than the CLI
 * (tools/pulumi), so it has a module of its own: a language host talks to the CLI over gRPC and need not share
 * its Go packages.
 *
 * Built once per pin set into a cache folder of its own (the CLI's build helpers: a temporary folder renamed
 * into place), then installed as a plugin into the PULUMI_HOME of each stack that runs a Java program, where
 * pulumi 3.276 keeps the Java host it downloads (it no longer bundles one: found next to the CLI or elsewhere
 * on PATH, the host is used with a "using pulumi-language-java from $PATH" warning).
 */
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join, resolve } from "node:path";
import { buildIntoPlace, cacheRoot, goBuild, isBuilt, tryRun, type PulumiCli } from "../pulumi/cli";
import { installPluginFile } from "../pulumi/install-plugin";

export const JAVA_MODULE_DIR = resolve(__dirname);
const GO_MOD = join(JAVA_MODULE_DIR, "go.mod");
const GO_SUM = join(JAVA_MODULE_DIR, "go.sum");
const JAVA_MODULE = "github.com/pulumi/pulumi-java/pkg";
const HOST_PACKAGE = `${JAVA_MODULE}/cmd/pulumi-language-java`;
export const JAVA_HOST = "pulumi-language-java";

/**
 * Go's environment for this module: the checksum database has no entry for pulumi-java/pkg, so Go must not ask
 * it (go.sum, committed, still pins the module's hash).
 */
export function javaModuleEnv(): Record<string, string> {
  const others = process.env.GONOSUMDB ? `${process.env.GONOSUMDB},` : "";
  return { GONOSUMDB: `${others}github.com/pulumi/pulumi-java` };
}

/** The pulumi-java version go.mod pins, e.g. "1.16.0". */
export function pinnedJavaVersion(): string {
  const pin = new RegExp(`${JAVA_MODULE.replace(/[./]/g, "\\$&")} v(\\d+\\.\\d+\\.\\d+)`).exec(
    readFileSync(GO_MOD, "utf8"),
  );
  if (!pin) throw new Error(`${GO_MOD} pins no ${JAVA_MODULE} version`);
  return pin[1]!;
}

/** The cache folder of the host built from this module's pins. */
function hostBuildDir(): string {
  const pins = createHash("sha256").update(readFileSync(GO_MOD)).update(readFileSync(GO_SUM)).digest("hex");
  return join(cacheRoot(), `pulumi-language-java-v${pinnedJavaVersion()}-${pins.slice(0, 12)}`);
}

/**
 * The built `pulumi-language-java` (building it first if needed: about a minute on a 2-core machine with Go's
 * module cache filled, seconds once built).
 */
export async function ensureJavaHost(log: (line: string) => void = console.log): Promise<string> {
  const built = hostBuildDir();
  if (!isBuilt(built)) {
    const goVersion = tryRun("go", ["version"]);
    if (!goVersion) throw new Error(`${JAVA_HOST} is built from Go modules and needs Go 1.26 on PATH.`);
    log(`Building ${JAVA_HOST} v${pinnedJavaVersion()} (tools/pulumi-java) with ${goVersion.trim()}...`);
    const started = Date.now();
    await buildIntoPlace(built, async (staging) => {
      const ldflags = `-s -w -X ${JAVA_MODULE}/version.Version=v${pinnedJavaVersion()}`;
      await goBuild(HOST_PACKAGE, join(staging, JAVA_HOST), ldflags, log, {
        dir: JAVA_MODULE_DIR,
        env: javaModuleEnv(),
      });
    });
    log(`Built ${JAVA_HOST} in ${Math.round((Date.now() - started) / 1000)} s into ${built}`);
  }
  return join(built, JAVA_HOST);
}

/**
 * `pulumi plugin install language java <version> --file <host>` into `home`, a stack's PULUMI_HOME (built first
 * if needed), as the CLI installs the Java host it downloads.
 */
export async function installJavaHost(cli: PulumiCli, home: string): Promise<void> {
  const host = await ensureJavaHost(() => undefined);
  installPluginFile(cli.bin, home, {
    kind: "language",
    name: "java",
    version: pinnedJavaVersion(),
    file: host,
  });
}
