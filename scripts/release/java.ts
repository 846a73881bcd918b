/**
 * The Java SDK as Maven Central takes it: `integrations-<version>.jar`, `integrations-<version>-sources.jar`
 * and `integrations-<version>.pom` (its name, description, URL, license, developers and source repository are
 * the generated pom.xml's), built by Maven from a copy of sdk/java with a fixed output time, so the jars are
 * reproducible too. The release workflow signs them and adds the javadoc jar Central also asks for.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JAVA_SDK_ARTIFACT, JAVA_SDK_DIR, runMaven } from "../../tools/java/maven";
import { releaseVersion } from "./version";

/** Pinned: the source plugin is not among the plugins Maven 3.8 fixes versions of. */
const SOURCE_PLUGIN = "org.apache.maven.plugins:maven-source-plugin:3.4.0:jar-no-fork";

export function javaAssetNames(version: string = releaseVersion()): {
  jar: string;
  sources: string;
  pom: string;
} {
  const base = `${JAVA_SDK_ARTIFACT}-${version}`;
  return { jar: `${base}.jar`, sources: `${base}-sources.jar`, pom: `${base}.pom` };
}

export async function writeJavaAssets(outDir: string, log: (line: string) => void): Promise<string[]> {
  const stage = mkdtempSync(join(tmpdir(), "java-sdk-"));
  try {
    cpSync(JAVA_SDK_DIR, stage, { recursive: true, filter: (path) => !path.includes("/target") });
    log("Building the Java SDK's jar and sources jar (mvn package)...");
    await runMaven(
      ["-DskipTests", "-Dproject.build.outputTimestamp=2000-01-01T00:00:00Z", "package", SOURCE_PLUGIN],
      stage,
    );
    const names = javaAssetNames();
    cpSync(join(stage, "target", names.jar), join(outDir, names.jar));
    cpSync(join(stage, "target", names.sources), join(outDir, names.sources));
    cpSync(join(stage, "pom.xml"), join(outDir, names.pom));
    return [names.jar, names.sources, names.pom].map((name) => join(outDir, name));
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
