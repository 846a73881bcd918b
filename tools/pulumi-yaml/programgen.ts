/**
 * Pulumi YAML programs from PCL by ./programgen, a Go command of this module that calls pulumi-yaml's program
 * generator as pulumi-language-yaml's GenerateProgram does (see programgen/main.go).
 */
import { join, resolve } from "node:path";
import { ensureGoCommand, runGoCommand } from "../go/command";

const PROGRAMGEN = { moduleDir: resolve(__dirname), source: "programgen", name: "programgen-yaml" };

/** Writes `<outDir>/yaml/Main.yaml` from the PCL program in `pclDir`, bound against the schemas; returns the folder. */
export async function generateYamlProgram(options: {
  pclDir: string;
  schemaPaths: readonly string[];
  outDir: string;
  log?: (line: string) => void;
}): Promise<string> {
  const bin = await ensureGoCommand(PROGRAMGEN, options.log);
  const args = ["-pcl", options.pclDir, "-schema", options.schemaPaths.join(","), "-out", options.outDir];
  await runGoCommand(bin, args);
  return join(options.outDir, "yaml");
}
