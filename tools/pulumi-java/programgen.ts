/**
 * Java programs from PCL by ./programgen, a Go command of this module that calls pulumi-java's program
 * generator as pulumi-language-java's GenerateProgram does (see programgen/main.go).
 */
import { join } from "node:path";
import { ensureGoCommand, runGoCommand } from "../go/command";
import { JAVA_MODULE_DIR, javaModuleEnv } from "./host";

/** Writes `<outDir>/java/App.java` from the PCL program in `pclDir`, bound against the schemas; returns the folder. */
export async function generateJavaProgram(options: {
  pclDir: string;
  schemaPaths: readonly string[];
  outDir: string;
  log?: (line: string) => void;
}): Promise<string> {
  const bin = await ensureGoCommand(
    { moduleDir: JAVA_MODULE_DIR, source: "programgen", name: "programgen-java", env: javaModuleEnv() },
    options.log,
  );
  const args = ["-pcl", options.pclDir, "-schema", options.schemaPaths.join(","), "-out", options.outDir];
  await runGoCommand(bin, args);
  return join(options.outDir, "java");
}
