import { rmSync } from "node:fs";
import { connectorProvider, integrationStateProvider } from "../../src/dynamic/shims";
import { stageFolder } from "../support/packed-package";

/**
 * The serialized provider travels in state with every resource. It is produced here exactly as
 * `pulumi.dynamic.Resource` produces it: `serializeFunction(() => provider, { allowSecrets: true })`.
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
])("serialized %s provider", (entryName, provider, requiredProperty) => {
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
