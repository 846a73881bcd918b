import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { property } from "../../src/resources/shared/definition";
import { functionTokenOf, PLUGIN_FUNCTIONS } from "../../src/plugin/functions";
import { PLUGIN_RESOURCES, tokenOf } from "../../src/plugin/resources";
import { generateSchema, SCHEMA_FILE, schemaText } from "../../src/plugin/schema/generate";
import type { PackageSpec } from "../../src/plugin/schema/spec";
import { TypeCollector } from "../../src/plugin/schema/types";
import { unwrapped } from "../../src/plugin/schema/docs";

const CONNECTOR = "integrations:index:Connector";

describe("the plugin's schema", () => {
  let schema: PackageSpec;

  beforeAll(() => {
    schema = generateSchema();
  }, 60_000);

  it("is checked in as generated (run `npm run schema` after changing a definition)", () => {
    expect(readFileSync(SCHEMA_FILE, "utf8")).toBe(schemaText(schema));
  });

  it("names the package and its version as package.json does", () => {
    const packageJson = JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8"));
    expect(schema.name).toBe("integrations");
    expect(schema.version).toBe(packageJson.version);
    expect(schema.language).toEqual({
      nodejs: expect.objectContaining({ packageName: "@pulumi-integrations/sdk" }),
      python: expect.objectContaining({ packageName: "pulumi_integrations" }),
      go: expect.objectContaining({
        importBasePath: "github.com/pulumi-integrations/pulumi-integrations/sdk/go/integrations",
      }),
      // The Java package io.github.pulumiintegrations.integrations (<basePackage>.<name>), built with Maven.
      java: expect.objectContaining({ basePackage: "io.github.pulumiintegrations", buildFiles: "none" }),
    });
  });

  it("builds the Java SDK against the com.pulumi:pulumi its quickstart runs on", () => {
    const pom = readFileSync(join(__dirname, "..", "..", "examples", "java-quickstart", "pom.xml"), "utf8");
    const tested = /<pulumi\.version>([^<]+)<\/pulumi\.version>/.exec(pom)?.[1];
    expect(tested).toBeDefined();
    expect(schema.language.java).toMatchObject({ dependencies: { "com.pulumi:pulumi": tested } });
  });

  it("lets the Python SDK install beside any Pulumi 3 from the generator's floor, the quickstart's included", () => {
    const requirements = readFileSync(
      join(__dirname, "..", "..", "examples", "python-quickstart", "requirements.txt"),
      "utf8",
    );
    const tested = /^pulumi==(\S+)$/m.exec(requirements)?.[1];
    expect(tested).toBeDefined();
    expect(schema.language.python).toMatchObject({ requires: { pulumi: ">=3.269.0,<4.0.0" } });
    const [major, minor] = tested!.split(".").map(Number);
    expect(major).toBe(3);
    expect(minor).toBeGreaterThanOrEqual(269);
  });

  it("lets the Node.js SDK install beside @pulumi/pulumi 3.248 (Node.js 20) and the newest (Node.js 22)", () => {
    expect(schema.language.nodejs).toMatchObject({ dependencies: { "@pulumi/pulumi": "^3.142.0" } });
    const tested = (
      JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")) as {
        devDependencies: Record<string, string>;
      }
    ).devDependencies["@pulumi/pulumi"];
    expect(tested).toBe("3.248.0");
  });

  it("names this project's GitHub releases as where the plugin downloads from", () => {
    expect(schema.pluginDownloadURL).toBe("github://api.github.com/pulumi-integrations/pulumi-integrations");
  });

  it("has one resource per row of the plugin's table", () => {
    expect(Object.keys(schema.resources)).toEqual(PLUGIN_RESOURCES.map((row) => tokenOf(row.definition)));
  });

  it("takes each property's description from the doc comment on its key", () => {
    const connector = schema.resources[CONNECTOR]!;
    expect(connector.inputProperties.name?.description).toBe(
      "The connector's name, unique among the account's connectors that are not deleted. Replaces on change. " +
        "Without it (and with `namePrefix`), the connector is autonamed `<namePrefix><7 base-36 characters>`.",
    );
    // An output without a comment of its own shows its input's.
    expect(connector.properties.enabled?.description).toBe("Default true. Updated in place.");
    expect(connector.properties.name?.description).toBe("The connector's name.");
  });

  it("types, flags and defaults the Connector's inputs from the zod shapes", () => {
    const inputs = schema.resources[CONNECTOR]!.inputProperties;
    expect(inputs.authConfig).toMatchObject({
      type: "object",
      additionalProperties: { $ref: "pulumi.json#/Any" },
    });
    expect(inputs.enabled).toMatchObject({ type: "boolean", default: true });
    expect(inputs.deletionPolicy).toMatchObject({
      $ref: "#/types/integrations:index:DeletionPolicy",
      default: "delete",
    });
    const replacing = Object.keys(inputs).filter((key) => inputs[key]?.replaceOnChanges);
    expect(replacing.sort()).toEqual(["appId", "appName", "authScheme", "name", "useServiceAuth"]);
    // authConfig is secret as an output only: an SDK (or Pulumi YAML) would make a secret input secret before
    // the provider could record which values the program gave plain; the provider's Check makes it secret.
    const secret = Object.keys(inputs).filter((key) => inputs[key]?.secret);
    expect(secret).toEqual([]);
    expect(schema.resources[CONNECTOR]!.properties.authConfig).toMatchObject({ secret: true });
    expect(schema.resources[CONNECTOR]!.requiredInputs).toEqual([]);
  });

  it("leaves internal properties out", () => {
    const connector = schema.resources[CONNECTOR]!;
    expect(Object.keys(connector.inputProperties)).not.toContain("autonameScope");
    expect(Object.keys(connector.properties)).not.toContain("lastApplied");
    expect(Object.keys(schema.types)).not.toContain("integrations:index:AppliedIdentity");
    const webhook = schema.resources["integrations:index:TriggerWebhook"]!;
    expect(Object.keys(webhook.inputProperties)).toEqual(["url", "onDelete"]);
    expect(webhook.properties.webhookSecret).toMatchObject({ type: "string", secret: true });
    const account = schema.resources["integrations:index:ConnectedAccount"]!;
    expect(account.inputProperties.data).toMatchObject({ replaceOnChanges: true });
    expect(account.inputProperties.data).not.toHaveProperty("secret");
    expect(account.properties.data).toMatchObject({ secret: true });
    expect(Object.keys(account.inputProperties)).not.toContain("secretsGivenPlain");
    expect(account.requiredInputs).toEqual(["integrationId"]);
  });

  it("stores no catalog data with a Connector: the app's logo and the fields each account gives are getConnector's", () => {
    const connector = schema.resources[CONNECTOR]!;
    expect(Object.keys(connector.properties)).not.toContain("logo");
    expect(Object.keys(connector.properties)).not.toContain("expectedInputFields");
    expect(connector.properties.authConfig).toMatchObject({ secret: true });
    expect(connector.required).toEqual(expect.arrayContaining(["name", "appId"]));
    const getConnector = schema.functions["integrations:index:getConnector"]!;
    expect(Object.keys(getConnector.outputs.properties)).toEqual(
      expect.arrayContaining(["logo", "expectedInputFields"]),
    );
  });

  it("makes the outputs' object types named types, documented from their keys", () => {
    const getConnector = schema.functions["integrations:index:getConnector"]!;
    expect(getConnector.outputs.properties.expectedInputFields).toMatchObject({
      type: "array",
      items: { $ref: "#/types/integrations:index:ExpectedInputField" },
    });
    expect(schema.types["integrations:index:ExpectedInputField"]).toMatchObject({
      type: "object",
      description: "One field of the scheme, as `GET /api/v1/apps` and the connector record list it.",
      properties: {
        name: { type: "string", description: "The key in `authConfig` or in an account's `data`." },
        default: { $ref: "pulumi.json#/Any" },
        is_secret: { type: "boolean" },
      },
      required: ["name"],
    });
    expect(schema.types["integrations:index:DeletionPolicy"]).toMatchObject({
      type: "string",
      enum: [
        { name: "Delete", value: "delete" },
        { name: "Disable", value: "disable" },
        { name: "Retain", value: "retain" },
      ],
    });
  });

  it("has the IntegrationState: integrationId required and replacing, authConfig a secret output, onDelete its own enum", () => {
    const state = schema.resources["integrations:index:IntegrationState"]!;
    expect(state.requiredInputs).toEqual(["integrationId"]);
    expect(state.inputProperties.integrationId).toMatchObject({ type: "string", replaceOnChanges: true });
    expect(state.inputProperties.authConfig).not.toHaveProperty("secret");
    expect(state.properties.authConfig).toMatchObject({ secret: true });
    expect(state.properties.priorAuthConfig).toMatchObject({ secret: true });
    expect(state.inputProperties.onDelete).toMatchObject({
      $ref: "#/types/integrations:index:IntegrationStateOnDelete",
      default: "retain",
    });
    expect(state.properties.onDelete).toMatchObject({
      $ref: "#/types/integrations:index:IntegrationStateOnDelete",
    });
  });

  it("has one function per row of the plugin's functions, its arguments and result documented", () => {
    expect(Object.keys(schema.functions)).toEqual(
      PLUGIN_FUNCTIONS.map((row) => functionTokenOf(row.definition)),
    );
    const getTriggers = schema.functions["integrations:index:getTriggers"]!;
    expect(getTriggers.description).toMatch(/^The triggers available/);
    expect(getTriggers.inputs?.required).toBeUndefined();
    expect(getTriggers.inputs?.properties.appNames).toEqual({
      type: "array",
      items: { type: "string" },
      description: 'App names (the `name` of GET /api/v1/apps), e.g. ["github", "slack"].',
    });
    expect(getTriggers.inputs?.properties.showEnabledOnly).toMatchObject({
      type: "boolean",
      deprecationMessage: expect.stringContaining("filter the result on `enabled` instead"),
    });
    expect(getTriggers.outputs).toMatchObject({
      properties: { triggers: { type: "array", items: { $ref: "#/types/integrations:index:Trigger" } } },
      required: ["triggers"],
    });
    expect(schema.types["integrations:index:Trigger"]).toMatchObject({
      type: "object",
      properties: {
        name: { type: "string", description: expect.stringContaining("a TriggerInstance's `triggerName`") },
        config: { type: "object", additionalProperties: { $ref: "pulumi.json#/Any" } },
      },
      required: ["name", "display_name", "appId", "appKey", "appName"],
    });
  });

  it("says how to import each importable resource, as its definition says", () => {
    const importable = PLUGIN_RESOURCES.filter((row) => row.definition.import).map(
      (row) => row.definition.name,
    );
    expect(importable).toEqual([
      "Connector",
      "IntegrationState",
      "ConnectedAccount",
      "TriggerInstance",
      "TriggerWebhook",
    ]);
    for (const name of importable) {
      expect(schema.resources[`integrations:index:${name}`]!.description).toContain(
        `pulumi import integrations:index:${name} <name> <id>`,
      );
    }
    const account = schema.resources["integrations:index:ConnectedAccount"]!.description;
    expect(account).toContain("A read cannot return data");
    expect(account).toContain("never a replacement");
    expect(schema.resources["integrations:index:TriggerWebhook"]!.description).toContain("`callback-url`");
  });

  it("says how to import a Connector, and what a read cannot return", () => {
    const description = schema.resources[CONNECTOR]!.description;
    expect(description).toContain("## Import");
    expect(description).toContain("pulumi import integrations:index:Connector <name> <id>");
    expect(description).toContain("the connector's id (`GET /api/v1/integrations/{id}`)");
    expect(description).toContain("authConfig (its secret fields");
  });

  it("has the settings as config variables and provider arguments, with their environment fallbacks", () => {
    const variables = schema.config.variables;
    expect(Object.keys(variables)).toEqual([
      "apiKey",
      "baseUrl",
      "timeoutMs",
      "maxRetries",
      "maxConcurrentRequests",
      "maxRequestsPerSecond",
      "accountId",
    ]);
    // The pin is the account's id, never a secret, with no environment fallback.
    expect(variables.accountId).toEqual({
      type: "string",
      description: expect.stringContaining("client.id"),
    });
    expect(variables.apiKey).toMatchObject({
      type: "string",
      secret: true,
      defaultInfo: { environment: ["INTEGRATIONS_API_KEY"] },
    });
    expect(variables.baseUrl).toMatchObject({ defaultInfo: { environment: ["INTEGRATIONS_BASE_URL"] } });
    expect(variables.timeoutMs).toMatchObject({ type: "integer", default: 30000 });
    expect(variables.maxRetries).toMatchObject({ type: "integer", default: 4 });
    expect(variables.maxRequestsPerSecond).toMatchObject({
      type: "number",
      description: expect.stringContaining("keep their share"),
      defaultInfo: { environment: ["INTEGRATIONS_MAX_REQUESTS_PER_SECOND"] },
    });
    expect(schema.provider.inputProperties).toEqual(variables);
    expect(schema.provider.properties.apiKey).toMatchObject({ secret: true });
  });
});

describe("zod shapes as schema types", () => {
  it("refuses a zod type it cannot express rather than guessing", () => {
    const types = new TypeCollector("p:index:");
    expect(() => types.property(z.date(), undefined, "when")).toThrow('zod "date"');
  });

  it("refuses two different types under one name", () => {
    const types = new TypeCollector("p:index:");
    types.property(z.enum(["a", "b"]), undefined, "mode");
    expect(() => types.property(z.enum(["a", "c"]), undefined, "mode")).toThrow("p:index:Mode");
  });

  it("reads the flags of property() and the defaults", () => {
    const types = new TypeCollector("p:index:");
    const spec = types.property(
      property(z.number().int().default(3), { secret: true, replaceOnChanges: true }),
      { description: "Three." },
      "count",
      { secret: true, replaceOnChanges: true },
    );
    expect(spec).toEqual({
      type: "integer",
      description: "Three.",
      default: 3,
      secret: true,
      replaceOnChanges: true,
    });
  });

  it("joins a doc comment's wrapped lines, keeping paragraphs and list items", () => {
    expect(unwrapped("a `code\nspan` b\n\nnext\n- one\n- two")).toBe("a `code span` b\n\nnext\n- one\n- two");
  });
});
