/**
 * The checked-in SDKs (sdk/nodejs, sdk/python, sdk/go, sdk/java) are what `npm run sdk` makes of
 * provider/schema.json today; the Node.js one compiles with this repository's TypeScript against its
 * @pulumi/pulumi into a package a program can load, and the Java one with Maven against com.pulumi:pulumi.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { installJavaSdk, JAVA_SDK_DIR } from "../../tools/java/maven";
import { compareWithCheckedIn } from "../../tools/sdk/compare";
import {
  generateProjectSdks,
  REPO_DIR,
  SCHEMA_FILE,
  SDK_DIR,
  SDK_LANGUAGES,
  type ProjectSdkLanguage,
} from "../../tools/sdk/generate";
import { pinnedVersion } from "../../tools/pulumi/cli";
import { installNodeSdk } from "../../tools/sdk/nodejs";
import { runQuietly } from "../../tools/run-quietly";

describe("the checked-in SDKs", () => {
  let outDir: string;
  let generated: Record<ProjectSdkLanguage, string>;

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), "sdk-up-to-date-"));
    // Builds the generator first when its sources changed (seconds once `npm run pulumi` filled Go's caches).
    generated = await generateProjectSdks(outDir, () => undefined);
  }, 600_000);

  afterAll(() => outDir && rmSync(outDir, { recursive: true, force: true }));

  test.each(SDK_LANGUAGES)(
    "sdk/%s is what `npm run sdk` generates from provider/schema.json (run it and commit the result)",
    (language) => {
      const difference = compareWithCheckedIn(generated[language], join(SDK_DIR, language), REPO_DIR);
      // Each list names the files: changed by a regeneration, new, or no longer generated.
      expect(difference).toEqual({ changed: [], added: [], removed: [] });
      // The comparison compares something: the generator wrote files.
      expect(readdirSync(generated[language]).length).toBeGreaterThan(2);
    },
  );
});

describe("the Node.js SDK built for a program", () => {
  test("compiles against @pulumi/pulumi 3.248 and loads from a program's node_modules with its version", async () => {
    // Under the checkout (.tmp/ is ignored), where `require("@pulumi/pulumi")` finds its node_modules.
    mkdirSync(join(REPO_DIR, ".tmp"), { recursive: true });
    const program = mkdtempSync(join(REPO_DIR, ".tmp", "sdk-program-"));
    const { version } = JSON.parse(readFileSync(join(REPO_DIR, "package.json"), "utf8")) as {
      version: string;
    };
    try {
      await installNodeSdk(program);
      const script =
        'const sdk = require("@pulumi-integrations/sdk"); const pulumi = require("@pulumi/pulumi");' +
        'const utilities = require("@pulumi-integrations/sdk/utilities");' +
        "console.log(JSON.stringify({ pulumi: require('@pulumi/pulumi/package.json').version, " +
        "version: utilities.getVersion(), resource: sdk.Connector.prototype instanceof pulumi.CustomResource, " +
        "provider: sdk.Provider.prototype instanceof pulumi.ProviderResource }));";
      const { stdout } = await promisify(execFile)(process.execPath, ["-e", script], { cwd: program });
      expect(JSON.parse(stdout)).toEqual({
        pulumi: "3.248.0",
        version,
        resource: true,
        provider: true,
      });
    } finally {
      rmSync(program, { recursive: true, force: true });
    }
  }, 120_000);

  test("type-checks against the @pulumi/pulumi of the CLI's version too (which runs on Node.js 22)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sdk-newest-pulumi-"));
    const versionOf = (name: string) =>
      (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")) as { version: string })
        .version;
    try {
      writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "newest-pulumi", private: true }));
      // --ignore-scripts and no engine check: only its types are used, and npm warns that it wants Node.js 22.
      await runQuietly(
        "npm",
        [
          "install",
          "--no-audit",
          "--no-fund",
          "--ignore-scripts",
          `@pulumi/pulumi@${pinnedVersion()}`,
          `typescript@${versionOf("typescript")}`,
          `@types/node@${versionOf("@types/node")}`,
        ],
        { cwd: dir },
      );
      expect(versionOf(join(dir, "node_modules", "@pulumi", "pulumi"))).toBe(pinnedVersion());
      const sdk = join(dir, "sdk");
      cpSync(join(SDK_DIR, "nodejs"), sdk, { recursive: true });
      const tsc = join(dir, "node_modules", "typescript", "bin", "tsc");
      await runQuietly(process.execPath, [
        tsc,
        "-p",
        sdk,
        "--noEmit",
        "--typeRoots",
        join(dir, "node_modules", "@types"),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe("the Java SDK built with Maven", () => {
  const PACKAGE_PATH = "io/github/pulumiintegrations/integrations";

  test("compiles against com.pulumi:pulumi into a jar of every resource and function, of the schema's version", async () => {
    const schema = JSON.parse(readFileSync(SCHEMA_FILE, "utf8")) as {
      version: string;
      resources: Record<string, unknown>;
    };
    // `mvn install` of sdk/java into the local repository, once per content of sdk/java.
    const sdk = await installJavaSdk();
    expect(sdk.version).toMatch(new RegExp(`^${schema.version.replace(/\./g, "\\.")}-[0-9a-f]{12}$`));
    const extracted = mkdtempSync(join(tmpdir(), "sdk-java-jar-"));
    try {
      await promisify(execFile)("jar", ["xf", sdk.jar], { cwd: extracted });
      const classes = readdirSync(join(extracted, PACKAGE_PATH)).filter((file) => file.endsWith(".class"));
      for (const token of Object.keys(schema.resources))
        expect(classes).toContain(`${token.split(":").pop()}.class`);
      expect(classes).toEqual(expect.arrayContaining(["Provider.class", "IntegrationsFunctions.class"]));
      // What the SDK reports to the engine as the plugin's version (Utilities.getVersion()).
      expect(readFileSync(join(extracted, PACKAGE_PATH, "version.txt"), "utf8")).toBe(schema.version);
    } finally {
      rmSync(extracted, { recursive: true, force: true });
    }
  }, 300_000);

  test("a compile error fails the build, naming the file and javac's message", async () => {
    const broken = mkdtempSync(join(tmpdir(), "sdk-java-broken-"));
    try {
      cpSync(JAVA_SDK_DIR, broken, { recursive: true, filter: (path) => !path.includes("/target") });
      writeFileSync(
        join(broken, "src", "main", "java", PACKAGE_PATH, "Broken.java"),
        "package io.github.pulumiintegrations.integrations;\nclass Broken { NoSuchType field; }\n",
      );
      await expect(installJavaSdk(broken)).rejects.toThrow(/Broken\.java.*cannot find symbol/s);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  }, 300_000);
});
