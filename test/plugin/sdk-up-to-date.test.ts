/**
 * The checked-in SDKs (sdk/nodejs, sdk/python, sdk/go) are what `npm run sdk` makes of provider/schema.json
 * today, and the Node.js one compiles with this repository's TypeScript against its @pulumi/pulumi into a
 * package a program can load.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { compareWithCheckedIn } from "../../tools/sdk/compare";
import { generateProjectSdks, REPO_DIR, SDK_DIR, SDK_LANGUAGES } from "../../tools/sdk/generate";
import { installNodeSdk } from "../../tools/sdk/nodejs";
import type { SdkLanguage } from "../../tools/pulumi/sdkgen";

describe("the checked-in SDKs", () => {
  let outDir: string;
  let generated: Record<SdkLanguage, string>;

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
});
