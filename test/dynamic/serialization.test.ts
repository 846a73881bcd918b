import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { connectorProvider, integrationStateProvider } from "../../src/dynamic/shims";
import { packedPackageDir, stageFolder } from "../support/packed-package";

/**
 * The serialized provider travels in state with every resource. It is produced here exactly as
 * `pulumi.dynamic.Resource` produces it: `serializeFunction(() => provider, { allowSecrets: true })`.
 *
 * A program loads the package from its node_modules, and there each provider is a module's exports, which the
 * serializer stores as a `require` of the module (the last describe, in a process of its own: Jest's module
 * registry is not the `require.cache` the serializer looks modules up in). Loaded from anywhere else (here, this
 * checkout's src/), the providers are plain objects the serializer serializes by value: the describes below.
 */
const { serializeFunction } = require("@pulumi/pulumi/runtime/closure/serializeClosure");
const requireFromString = require("require-from-string");

async function serialize(provider: object): Promise<{ text: string; containsSecrets: boolean }> {
  return serializeFunction(() => provider, { allowSecrets: true });
}

const SECRET_KEY = "emu_key-that-must-not-leak-9f8e7d";

describe.each([
  ["connector", connectorProvider, "name"],
  ["integrationState", integrationStateProvider, "integrationId"],
])("serialized %s provider, by value", (entryName, provider, requiredProperty) => {
  let text: string;

  beforeAll(async () => {
    // Credentials present in the program's process must not travel with the provider.
    process.env.INTEGRATIONS_API_KEY = SECRET_KEY;
    const serialized = await serialize(provider);
    text = serialized.text;
    expect(serialized.containsSecrets).toBe(false);
  });

  afterAll(() => {
    delete process.env.INTEGRATIONS_API_KEY;
  });

  test("is at most 4 KB", () => {
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(4096);
  });

  test("is the same text every time", async () => {
    expect((await serialize(provider)).text).toBe(text);
  });

  test("holds no secret", () => {
    expect(text).not.toContain(SECRET_KEY);
  });

  test("loads nothing but the stable entry, at call time", () => {
    const required = [...text.matchAll(/require\(([^)]*)\)/g)].map((match) => match[1]);
    expect(new Set(required)).toEqual(new Set(['"pulumi-integrations/dynamic"']));
    for (const method of ["configure", "check", "diff", "create", "read", "update", "delete"]) {
      expect(text).toContain(`require("pulumi-integrations/dynamic")[kind].${method}(`);
    }
    expect(text).toContain(`with({ kind: "${entryName}",`);
  });

  test("captures no value of ours", () => {
    // The captured variables are the provider object the serializer was handed and the resource's name.
    const captured = [...text.matchAll(/with\(\{ ([^}]*) \}\)/g)].flatMap((match) =>
      match[1].split(", ").map((binding) => binding.split(":")[0]),
    );
    expect(new Set(captured)).toEqual(new Set(["provider", "kind", "this", "arguments"]));
    for (const word of ["zod", "axios", "emulator", "api-client", "resolveSettings", "fastify", "exports."]) {
      expect(text.replace("exports.handler", "")).not.toContain(word);
    }
  });

  test("deserializes (as the dynamic-provider host does) into a working provider", async () => {
    // The entry is the published package (package.json `exports`): this run's packed copy, so this needs
    // `npm run build`. The host runs in the program's directory, from which the package resolves.
    const programDir = await stageFolder("serialized");
    const cwd = process.cwd();
    try {
      process.chdir(programDir);
      const loaded = requireFromString(text).handler();
      const result = await loaded.check({}, { [requiredProperty]: "" });
      expect(result.failures).toContainEqual({ property: requiredProperty, reason: "must not be empty" });
    } finally {
      process.chdir(cwd);
      rmSync(programDir, { recursive: true, force: true });
    }
  });
});

/**
 * In a child process with the program's working directory: loads the package's dist/dynamic/shims.js as the
 * package's classes do, serializes each provider as `pulumi.dynamic.Resource` does, and, where asked, loads the
 * text as Pulumi's dynamic-provider host does and runs its check with no inputs. Prints one JSON line.
 */
const CHILD = `
const { join } = require("node:path");
const [pkg, deserialize] = [process.argv[1], process.argv[2] === "yes"];
const from = (id) => require(require.resolve(id, { paths: [pkg] }));
const { serializeFunction } = from("@pulumi/pulumi/runtime/closure/serializeClosure");
const shims = require(join(pkg, "dist", "dynamic", "shims.js"));
const kinds = { connector: "connectorProvider", integrationState: "integrationStateProvider",
  connectedAccount: "connectedAccountProvider", triggerInstance: "triggerInstanceProvider",
  triggerWebhook: "triggerWebhookProvider" };
(async () => {
  const out = {};
  for (const [kind, name] of Object.entries(kinds)) {
    const provider = shims[name];
    const { text } = await serializeFunction(() => provider, { allowSecrets: true });
    const failures = deserialize
      ? (await from("require-from-string")(text).handler().check({}, {})).failures.map((f) => f.property)
      : undefined;
    out[kind] = { text, failures };
  }
  console.log(JSON.stringify(out));
})().catch((error) => { console.error(error); process.exit(1); });
`;

interface Serialized {
  text: string;
  failures?: string[];
}

async function serializedIn(cwd: string, deserialize: boolean): Promise<Record<string, Serialized>> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["-e", CHILD, await packedPackageDir(), deserialize ? "yes" : "no"],
    { cwd },
  );
  return JSON.parse(stdout) as Record<string, Serialized>;
}

describe("serialized providers in a program, from the package in its node_modules", () => {
  const FILES: Record<string, string> = {
    connector: "connector",
    integrationState: "integration-state",
    connectedAccount: "connected-account",
    triggerInstance: "trigger-instance",
    triggerWebhook: "trigger-webhook",
  };
  let serialized: Record<string, Serialized>;

  beforeAll(async () => {
    const programDir = await stageFolder("serialized-by-reference");
    try {
      serialized = await serializedIn(programDir, true);
    } finally {
      rmSync(programDir, { recursive: true, force: true });
    }
  }, 30_000);

  test("are a require of the kind's own module, exported under that very path, and small", () => {
    for (const [kind, file] of Object.entries(FILES)) {
      const { text } = serialized[kind]!;
      const required = [...text.matchAll(/require\(([^)]*)\)/g)].map((match) => match[1]);
      expect([kind, required]).toEqual([kind, [`"pulumi-integrations/dist/dynamic/providers/${file}.js"`]]);
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(512);
    }
  });

  test("load, as the dynamic-provider host loads them, into working providers", () => {
    expect(serialized.connector!.failures).toContain("name");
    expect(serialized.integrationState!.failures).toContain("integrationId");
    expect(serialized.connectedAccount!.failures).toContain("integrationId");
  });

  test("are serialized by value where the name would not load the package from the program's directory", async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), "no-package-"));
    try {
      const byValue = await serializedIn(elsewhere, false);
      for (const kind of Object.keys(FILES)) {
        expect(byValue[kind]!.text).toContain(`require("pulumi-integrations/dynamic")[kind].check(`);
        expect(byValue[kind]!.text).toContain(`with({ kind: "${kind}",`);
      }
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  }, 30_000);
});
