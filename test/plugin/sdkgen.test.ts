/**
 * The SDK generator (tools/pulumi/sdkgen) on a small schema with the plugin's names: each SDK is named and
 * laid out as the project publishes it, carries the schema's secrets and replaceOnChanges, and the Node.js
 * SDK compiles with the project's TypeScript against its @pulumi/pulumi and loads.
 */
import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { generateSdks, type SdkLanguage } from "../../tools/pulumi/sdkgen";

const REPO = resolve(__dirname, "../..");
const SCHEMA = join(REPO, "test/fixtures/plugin-schema/minimal-schema.json");
const run = promisify(execFile);

let outDir: string;
let dirs: Record<SdkLanguage, string>;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), "sdkgen-test-"));
  // The first run builds the generator: seconds once `npm run pulumi` has filled Go's caches.
  dirs = await generateSdks({ schemaPath: SCHEMA, outDir, languages: ["nodejs", "python", "go"] });
}, 600_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function read(dir: string, file: string): string {
  return readFileSync(join(dir, file), "utf8");
}

describe("the Node.js SDK", () => {
  test("is the package @pulumi-integrations/sdk of the schema's version, for the integrations plugin", () => {
    const pkg = JSON.parse(read(dirs.nodejs, "package.json")) as Record<string, unknown>;
    expect(pkg).toMatchObject({
      name: "@pulumi-integrations/sdk",
      version: "0.1.0",
      pulumi: { resource: true, name: "integrations", version: "0.1.0" },
    });
  });

  test("marks the secret input and output and the replaceOnChanges properties", () => {
    const connector = read(dirs.nodejs, "connector.ts");
    expect(connector).toContain("__pulumiType = 'integrations:index:Connector'");
    expect(connector).toContain(
      'resourceInputs["authConfig"] = args?.authConfig ? pulumi.secret(args.authConfig)',
    );
    expect(connector).toContain('additionalSecretOutputs: ["authConfig"]');
    expect(connector).toContain('replaceOnChanges: ["appName", "name"]');
    // Output only: not an argument, read back as undefined.
    expect(connector).toContain("readonly createdAt: pulumi.Output<string>");
    expect(connector).not.toMatch(/createdAt\?: pulumi.Input/);
    expect(read(dirs.nodejs, "provider.ts")).toContain("pulumi.secret(args.apiKey)");
    expect(read(dirs.nodejs, "getTriggers.ts")).toContain("readonly triggers: outputs.Trigger[];");
  });

  test("has no `exists` methods (they need @pulumi/pulumi 3.269, thus Node.js 22), as the other SDKs have", () => {
    const connector = read(dirs.nodejs, "connector.ts");
    expect(connector).not.toContain("existsResource");
    expect(connector).not.toContain("public static exists(");
    // The method before it and the one after it are intact.
    expect(connector).toMatch(
      /public static get\([^]*?\n {4}\}\n\n {4}\/\*\* @internal \*\/\n {4}public static readonly __pulumiType/,
    );
    expect(read(dirs.python, "pulumi_integrations/connector.py")).toContain(
      "return pulumi.runtime.exists_resource(None, 'integrations:index:Connector', id",
    );
    expect(read(dirs.go, "integrations/connector.go")).toContain(
      'return ctx.ExistsResource("integrations:index:Connector", id, state, "", opts...)',
    );
  });

  test("compiles with the project's TypeScript against its @pulumi/pulumi and loads", async () => {
    symlinkSync(join(REPO, "node_modules"), join(dirs.nodejs, "node_modules"), "dir");
    const tsc = require.resolve("typescript/bin/tsc");
    // The generated tsconfig.json (strict, nodenext) as is; `bin` is its outDir.
    await run(process.execPath, [tsc, "-p", join(dirs.nodejs, "tsconfig.json")]);
    // utilities.ts reads the version from package.json next to the compiled files, as a published SDK has it.
    copyFileSync(join(dirs.nodejs, "package.json"), join(dirs.nodejs, "bin/package.json"));
    const script =
      'const sdk = require("./bin"); const pulumi = require("@pulumi/pulumi");' +
      'console.log(JSON.stringify({ version: require("@pulumi/pulumi/package.json").version, ' +
      "enum: sdk.types.enums.AuthScheme, connector: typeof sdk.Connector, resource: sdk.Connector.prototype " +
      "instanceof pulumi.CustomResource, fn: typeof sdk.getTriggersOutput }));";
    const { stdout } = await run(process.execPath, ["-e", script], { cwd: dirs.nodejs });
    expect(JSON.parse(stdout)).toEqual({
      version: "3.248.0",
      enum: { OAuth2: "OAUTH2", ApiKey: "API_KEY", Basic: "BASIC" },
      connector: "function",
      resource: true,
      fn: "function",
    });
  }, 120_000);
});

describe("the Python SDK", () => {
  test("is the module pulumi_integrations of the project pulumi_integrations (pip's pulumi-integrations)", () => {
    expect(existsSync(join(dirs.python, "pulumi_integrations/__init__.py"))).toBe(true);
    const pyproject = read(dirs.python, "pyproject.toml");
    expect(pyproject).toMatch(/^ {2}name = "pulumi_integrations"$/m);
    expect(pyproject).toMatch(/^ {2}version = "0.1.0"$/m);
    expect(pyproject).toContain('"pulumi>=3.');
    expect(JSON.parse(read(dirs.python, "pulumi_integrations/pulumi-plugin.json"))).toEqual({
      resource: true,
      name: "integrations",
      version: "0.1.0",
    });
  });

  test("marks the secret output and the replaceOnChanges properties", () => {
    const connector = read(dirs.python, "pulumi_integrations/connector.py");
    expect(connector).toContain('pulumi.ResourceOptions(additional_secret_outputs=["authConfig"])');
    expect(connector).toContain('pulumi.ResourceOptions(replace_on_changes=["appName", "name"])');
    expect(connector).toContain("def created_at(self) -> pulumi.Output[_builtins.str]:");
    expect(read(dirs.python, "pulumi_integrations/get_triggers.py")).toContain("def get_triggers(");
  });
});

describe("the Go SDK", () => {
  test("is the package .../sdk/go/integrations of the module .../sdk/go", () => {
    expect(read(dirs.go, "go.mod")).toMatch(
      /^module github\.com\/pulumi-integrations\/pulumi-integrations\/sdk\/go$/m,
    );
    const connector = read(dirs.go, "integrations/connector.go");
    expect(connector).toMatch(/^package integrations$/m);
    expect(connector).toContain(
      '"github.com/pulumi-integrations/pulumi-integrations/sdk/go/integrations/internal"',
    );
  });

  test("marks the secret input and output and the replaceOnChanges properties", () => {
    const connector = read(dirs.go, "integrations/connector.go");
    expect(connector).toContain("args.AuthConfig = pulumi.ToSecret(args.AuthConfig).(AuthConfigPtrInput)");
    expect(connector).toMatch(/pulumi\.AdditionalSecretOutputs\(\[\]string\{\s*"authConfig",\s*\}\)/);
    expect(connector).toMatch(/pulumi\.ReplaceOnChanges\(\[\]string\{\s*"appName",\s*"name",\s*\}\)/);
    expect(read(dirs.go, "integrations/pulumiEnums.go")).toContain(
      'AuthSchemeApiKey = AuthScheme("API_KEY")',
    );
  });
});
