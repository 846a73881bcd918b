/**
 * Maven for the Java SDK (sdk/java) and the Java programs (examples/java-quickstart).
 *
 * Every Maven run of this repository uses one local repository outside the checkout, `~/.m2/repository` (or
 * PULUMI_INTEGRATIONS_MAVEN_REPO): Maven Central's artifacts (com.pulumi:pulumi and the Maven plugins) are
 * downloaded into it once and reused by every later run, so a warm machine downloads nothing.
 *
 * The SDK is installed into it once per content of sdk/java, under the version `<schema version>-<content
 * hash>` (its pom.xml says `<schema version>`): checkouts with different SDKs (two branches on one machine)
 * share that repository without ever building against each other's SDK. The SDK still reports the schema's
 * version to the engine (its version.txt), so the plugin it asks for is the one `npm run package-plugin` builds.
 */
import { execFile } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { homedir } from "node:os";
import { join, relative, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { contentHash, filesUnder } from "../content-hash";
import { cacheRoot, tryRun } from "../pulumi/cli";

const REPO_DIR = resolve(__dirname, "..", "..");
export const JAVA_SDK_DIR = join(REPO_DIR, "sdk", "java");
export const JAVA_SDK_GROUP = "io.github.pulumi-integrations";
export const JAVA_SDK_ARTIFACT = "integrations";
/** A lock held longer than this is a killed run's: an install takes seconds warm, under a minute cold. */
const LOCK_LIMIT_MS = 300_000;

/** The local repository every Maven run of the repository uses. */
export function mavenRepository(): string {
  return process.env.PULUMI_INTEGRATIONS_MAVEN_REPO ?? join(homedir(), ".m2", "repository");
}

/** "Apache Maven 3.8.7", or undefined without Maven (or Java) on PATH. */
export function mavenVersion(): string | undefined {
  return /Apache Maven \d+(\.\d+)*/.exec(tryRun("mvn", ["-v"]) ?? "")?.[0];
}

export interface MavenRun {
  stdout: string;
  stderr: string;
  durationMs: number;
}

/**
 * `mvn -B --no-transfer-progress -Dmaven.repo.local=<repository> <args>` in `cwd`. Rejects with Maven's output
 * (a compile error's file, line and message included) when it fails.
 */
export async function runMaven(args: string[], cwd: string): Promise<MavenRun> {
  const started = performance.now();
  try {
    const { stdout, stderr } = await promisify(execFile)(
      "mvn",
      ["-B", "--no-transfer-progress", `-Dmaven.repo.local=${mavenRepository()}`, ...args],
      { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: "true" } },
    );
    return { stdout, stderr, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    const errors = (stdout ?? "")
      .split("\n")
      .filter((line) => line.startsWith("[ERROR]"))
      .join("\n");
    throw new Error(
      `mvn ${args.join(" ")} failed in ${relative(REPO_DIR, cwd) || cwd}:\n${errors || stdout || ""}${stderr ?? String(error)}`,
    );
  }
}

export interface InstalledJavaSdk {
  /** The Maven version it is installed under: `<schema version>-<content hash>`. */
  version: string;
  /** The jar in the local repository. */
  jar: string;
  /** How long `mvn install` took, or 0 when it was installed already. */
  installMs: number;
}

/**
 * Installs `sourceDir` (sdk/java by default) into the local repository unless this content is installed
 * already, with `mvn install`; fails, with the compiler's errors, when the SDK does not compile. One process
 * installs at a time (a lock beside the cache folders); the others wait and reuse its install.
 */
export async function installJavaSdk(
  sourceDir: string = JAVA_SDK_DIR,
  log: (line: string) => void = () => undefined,
): Promise<InstalledJavaSdk> {
  if (!mavenVersion())
    throw new Error("The Java SDK is built with Maven (mvn) and Java 11 or later on PATH.");
  const baseVersion = projectVersion(readFileSync(join(sourceDir, "pom.xml"), "utf8"));
  const version = `${baseVersion}-${sdkHash(sourceDir)}`;
  const artifactDir = join(mavenRepository(), ...JAVA_SDK_GROUP.split("."), JAVA_SDK_ARTIFACT, version);
  const jar = join(artifactDir, `${JAVA_SDK_ARTIFACT}-${version}.jar`);
  const pom = join(artifactDir, `${JAVA_SDK_ARTIFACT}-${version}.pom`);
  // Written once `mvn install` has finished, naming the repository it installed into: the files alone could
  // be another process's install under way.
  const marker = join(cacheRoot(), `sdk-java-${version}.installed`);
  const installed = () => existsSync(jar) && existsSync(pom) && readIfPresent(marker) === mavenRepository();
  if (installed()) return { version, jar, installMs: 0 };

  mkdirSync(cacheRoot(), { recursive: true });
  const lock = join(cacheRoot(), `sdk-java-${version}.installing`);
  while (!tryLock(lock)) {
    await sleep(500);
    if (installed()) return { version, jar, installMs: 0 };
  }
  try {
    if (installed()) return { version, jar, installMs: 0 };
    const stage = mkdtempSync(join(cacheRoot(), `.sdk-java-${version}-`));
    try {
      cpSync(sourceDir, stage, { recursive: true, filter: (path) => !isBuildOutput(sourceDir, path) });
      writeFileSync(
        join(stage, "pom.xml"),
        withProjectVersion(readFileSync(join(stage, "pom.xml"), "utf8"), version),
      );
      log(
        `Installing the Java SDK ${JAVA_SDK_GROUP}:${JAVA_SDK_ARTIFACT}:${version} into ${mavenRepository()}...`,
      );
      const run = await runMaven(["install"], stage);
      if (!existsSync(jar) || !existsSync(pom))
        throw new Error(`mvn install did not write ${jar}:\n${run.stdout}`);
      writeFileSync(marker, mavenRepository());
      return { version, jar, installMs: run.durationMs };
    } finally {
      rmSync(stage, { recursive: true, force: true });
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Writes `<programDir>/.mvn/maven.config`, which Maven reads in the folder it runs in, so that every Maven run
 * of the program (the language host's included) uses the repository's local repository, with these
 * properties (`-D<name>=<value>`, which win over the pom.xml's).
 */
export function writeMavenConfig(programDir: string, properties: Record<string, string> = {}): void {
  const args = Object.entries({ "maven.repo.local": mavenRepository(), ...properties }).map(
    ([name, value]) => `-D${name}=${value}`,
  );
  const spaced = args.find((arg) => /\s/.test(arg));
  if (spaced) throw new Error(`.mvn/maven.config cannot hold a value with spaces: ${spaced}`);
  mkdirSync(join(programDir, ".mvn"), { recursive: true });
  writeFileSync(join(programDir, ".mvn", "maven.config"), `${args.join("\n")}\n`);
}

/**
 * Sets a program up (writeMavenConfig) to build against the SDK `installJavaSdk` installed: the program's
 * pom.xml takes the SDK's version from the property `integrations.version`.
 */
export function useInstalledSdk(programDir: string, sdk: InstalledJavaSdk): void {
  writeMavenConfig(programDir, { "integrations.version": sdk.version });
}

/** The project's own `<version>` (the first one after its `<artifactId>`, outside `<parent>` and dependencies). */
export function projectVersion(pom: string): string {
  const match = PROJECT_VERSION.exec(withoutDependencies(pom));
  if (!match) throw new Error("pom.xml names no project version after its artifactId");
  return match[2]!;
}

const PROJECT_VERSION = /(<artifactId>[^<]+<\/artifactId>\s*<version>)([^<]+)(<\/version>)/;

function withProjectVersion(pom: string, version: string): string {
  const head = withoutDependencies(pom);
  const match = PROJECT_VERSION.exec(head);
  if (!match) throw new Error("pom.xml names no project version after its artifactId");
  return pom.slice(0, match.index) + match[1] + version + match[3] + pom.slice(match.index + match[0].length);
}

/** The pom up to its first `<dependencies>` or `<build>`: where the project's own coordinates are. */
function withoutDependencies(pom: string): string {
  const end = [pom.indexOf("<dependencies>"), pom.indexOf("<build>")].filter((index) => index >= 0);
  return end.length > 0 ? pom.slice(0, Math.min(...end)) : pom;
}

function isBuildOutput(sourceDir: string, path: string): boolean {
  return relative(sourceDir, path).split("/")[0] === "target";
}

function sdkHash(sourceDir: string): string {
  return contentHash(
    sourceDir,
    filesUnder(sourceDir, (path) => !isBuildOutput(sourceDir, path)),
  );
}

/** Takes `lock` (a folder) unless another process holds it; a lock older than LOCK_LIMIT_MS is taken over. */
function tryLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch {
    try {
      const { mtimeMs } = statSync(lock);
      if (Date.now() - mtimeMs > LOCK_LIMIT_MS) rmSync(lock, { recursive: true, force: true });
    } catch {
      // Released meanwhile.
    }
    return false;
  }
}

function readIfPresent(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}
