/**
 * The plugin's SDKs as this repository checks them in: generated from provider/schema.json (written by
 * `npm run schema`) with the pinned code generators (../pulumi/sdkgen.ts for Node.js, Python and Go,
 * ../pulumi-java/sdkgen.ts for Java), into `<outDir>/{nodejs,python,go,java}`.
 */
import { copyFileSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { generateJavaSdk } from "../pulumi-java/sdkgen";
import { generateSdks, type SdkLanguage } from "../pulumi/sdkgen";
import { missingSdkSettings } from "./schema-settings";

export const REPO_DIR = resolve(__dirname, "..", "..");
export const SCHEMA_FILE = join(REPO_DIR, "provider", "schema.json");
/** Where the SDKs are checked in. */
export const SDK_DIR = join(REPO_DIR, "sdk");
export type ProjectSdkLanguage = SdkLanguage | "java";
export const SDK_LANGUAGES: readonly ProjectSdkLanguage[] = ["nodejs", "python", "go", "java"];

/** Generates the four SDKs into `outDir`; fails first, naming the keys, when the schema lacks a required one. */
export async function generateProjectSdks(
  outDir: string,
  log?: (line: string) => void,
): Promise<Record<ProjectSdkLanguage, string>> {
  const missing = missingSdkSettings(JSON.parse(readFileSync(SCHEMA_FILE, "utf8")));
  if (missing.length > 0)
    throw new Error(
      `${SCHEMA_FILE} lacks what the SDKs need (tools/pulumi/sdkgen/main.go):\n  ${missing.join("\n  ")}`,
    );
  // One after the other: each generator is a Go build the first time, and the machine has 2 cores.
  const others = await generateSdks({ schemaPath: SCHEMA_FILE, outDir, languages: ["nodejs", "python", "go"], log });
  // pyproject.toml names a README.md beside it, which the generator writes into the package folder only.
  copyFileSync(join(others.python, "pulumi_integrations", "README.md"), join(others.python, "README.md"));
  const java = await generateJavaSdk({ schemaPath: SCHEMA_FILE, outDir, log });
  return { ...others, java };
}
