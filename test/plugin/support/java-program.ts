/**
 * A Java program of the plugin's Java SDK (examples/java-quickstart), as a QuickstartRunner: the SDK (sdk/java)
 * installed into the local Maven repository (tools/java/maven.ts), the program copied into the run's stage
 * folder with a .mvn/maven.config that builds it against that SDK, compiled once with Maven (a compile error
 * fails here, with javac's messages), then run by the real CLI through the real `pulumi-language-java`
 * (tools/pulumi-java, installed in the stack's PULUMI_HOME), which runs `mvn compile exec:java` for each
 * deployment, against the provider plugin installed from its tarball.
 */
import { cpSync, mkdirSync, mkdtempSync } from "node:fs";
import { join, relative } from "node:path";
import { installJavaSdk, runMaven, useInstalledSdk, type InstalledJavaSdk } from "../../../tools/java/maven";
import { installJavaHost } from "../../../tools/pulumi-java/host";
import { createStageRoot } from "../../support/packed-package";
import { pinnedCli } from "../../support/pulumi-cli";
import type { QuickstartAccount } from "./quickstart-driver";
import type { QuickstartRunner } from "./quickstart-scenario";
import { pluginStack, QuickstartStack } from "./quickstart-stack";

export interface StagedJavaProgram {
  programDir: string;
  sdk: InstalledJavaSdk;
  /** `mvn compile` of the staged program. */
  compileMs: number;
}

/** Copies `sourceDir` into the run's stage folder, set up to build against the SDK, and compiles it. */
export async function stageJavaProgram(sourceDir: string, name: string): Promise<StagedJavaProgram> {
  const sdk = await installJavaSdk();
  mkdirSync(join(createStageRoot(), "programs"), { recursive: true });
  const programDir = mkdtempSync(join(createStageRoot(), "programs", `${name}-`));
  cpSync(sourceDir, programDir, {
    recursive: true,
    filter: (path) => !["target", ".mvn"].includes(relative(sourceDir, path).split("/")[0] ?? ""),
  });
  useInstalledSdk(programDir, sdk);
  const compiled = await runMaven(["compile"], programDir).catch((error: Error) => {
    throw new Error(`${name} does not compile against the Java SDK ${sdk.version}:\n${error.message}`);
  });
  return { programDir, sdk, compileMs: compiled.durationMs };
}

/** The quickstart's stack of a Java program, on the real Java host, the account in the stack config. */
export async function javaQuickstartStack(
  sourceDir: string,
  account: QuickstartAccount,
): Promise<QuickstartRunner> {
  const { programDir, sdk, compileMs } = await stageJavaProgram(sourceDir, "java-quickstart");
  const installed =
    sdk.installMs > 0 ? `installed in ${(sdk.installMs / 1000).toFixed(1)} s` : "installed already";
  console.log(
    `Java SDK ${sdk.version} ${installed}; the quickstart compiled in ${(compileMs / 1000).toFixed(1)} s`,
  );
  const stack = await pluginStack(programDir, {
    config: { "integrations:baseUrl": account.baseUrl },
    secrets: { "integrations:apiKey": account.apiKey },
    realLanguageHost: true,
    installInHome: (home) => installJavaHost(pinnedCli(), home),
  });
  // `pulumi import` loads the program's language host itself: the real one, in the stack's home.
  return QuickstartStack.forStack(stack, "");
}
