import { migrateFromDynamic, MigrationError } from "../../src/plugin/migrate-from-dynamic";

/**
 * What the migration refuses, before anything is written: states it cannot move without losing track of an
 * object or of an account. (The move itself is tested end to end on the real CLI: migrate-from-dynamic.test.ts.)
 */
const PROVIDER = "urn:pulumi:dev::proj::pulumi:providers:pulumi-nodejs::default";
const CONNECTOR = "urn:pulumi:dev::proj::pulumi-nodejs:dynamic/integrations:Connector::github";

function state(options: { connection?: boolean; pendingOn?: string } = {}) {
  const connector = {
    urn: CONNECTOR,
    custom: true,
    id: "c-1",
    type: "pulumi-nodejs:dynamic/integrations:Connector",
    provider: `${PROVIDER}::p-1`,
    inputs: {
      __provider: "exports.handler = ...",
      name: "github",
      ...(options.connection ? { connection: { baseUrl: "https://other.example.com" } } : {}),
    },
    outputs: { __provider: "exports.handler = ...", name: "github" },
  };
  return {
    version: 3,
    deployment: {
      resources: [
        {
          urn: "urn:pulumi:dev::proj::pulumi:pulumi:Stack::proj-dev",
          type: "pulumi:pulumi:Stack",
          custom: false,
        },
        {
          urn: PROVIDER,
          custom: true,
          id: "p-1",
          type: "pulumi:providers:pulumi-nodejs",
          inputs: { "integrations:baseUrl": "https://api.example.com", "proj:name": "github" },
        },
        connector,
      ],
      ...(options.pendingOn
        ? { pending_operations: [{ resource: { ...connector }, type: "creating" }] }
        : {}),
    },
  };
}

describe("integrations-migrate-to-plugin refuses", () => {
  it("a state with an operation pending on a resource it would move, naming it and what to do", () => {
    expect(() => migrateFromDynamic(state({ pendingOn: CONNECTOR }), "0.1.0")).toThrow(
      new MigrationError(
        `operations are pending on ${CONNECTOR}: settle them first (\`pulumi refresh --clear-pending-creates\`, ` +
          "then adopt or delete what they made)",
      ),
    );
  });

  it("a resource with its own account (`connection`), which the plugin gives to explicit providers", () => {
    expect(() => migrateFromDynamic(state({ connection: true }), "0.1.0")).toThrow(
      /use the `connection` input/,
    );
  });

  it("a state with nothing to move, and a file that is not `pulumi stack export`'s", () => {
    const empty = { version: 3, deployment: { resources: [] } };
    expect(() => migrateFromDynamic(empty, "0.1.0")).toThrow(/no dynamic resource of pulumi-integrations/);
    expect(() => migrateFromDynamic({ deployment: {} }, "0.1.0")).toThrow(/pulumi stack export/);
  });
});

describe("integrations-migrate-to-plugin moves", () => {
  it("a resource's type, URN and provider, and keeps only the stack's integrations config on the new provider", () => {
    const migrated = migrateFromDynamic(state(), "0.2.0").deployment.resources!;
    const provider = migrated.find((resource) => resource.type === "pulumi:providers:integrations")!;
    // As the engine names a default provider with a version and a download URL (what the SDK's default
    // resource options carry), and with the inputs it registers it with.
    expect(provider.urn).toBe(
      "urn:pulumi:dev::proj::pulumi:providers:integrations::default_0_2_0_github_/api.github.com/pulumi-integrations/pulumi-integrations",
    );
    expect(provider.inputs).toEqual({
      baseUrl: "https://api.example.com",
      version: "0.2.0",
      __internal: { pluginDownloadURL: "github://api.github.com/pulumi-integrations/pulumi-integrations" },
    });
    const connector = migrated.find((resource) => resource.id === "c-1")!;
    expect(connector).toMatchObject({
      urn: "urn:pulumi:dev::proj::integrations:index:Connector::github",
      type: "integrations:index:Connector",
      provider: `${provider.urn}::${provider.id}`,
      inputs: { name: "github" },
      outputs: { name: "github" },
    });
    expect(JSON.stringify(migrated)).not.toContain("__provider");
    expect(migrated.some((resource) => resource.type === "pulumi:providers:pulumi-nodejs")).toBe(false);
    expect(migrated.indexOf(provider)).toBeLessThan(migrated.indexOf(connector));
  });
});
