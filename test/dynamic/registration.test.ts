import * as pulumi from "@pulumi/pulumi";
import type { RegisterResourceRequest } from "@pulumi/pulumi/proto/resource_pb";
import { Connector } from "../../src/dynamic/connector";
import { IntegrationState } from "../../src/dynamic/integration-state";

/** What the program sends the engine for each resource, captured from the SDK's own registration. */
interface Registration {
  type: string;
  name: string;
  inputs: Record<string, unknown>;
  additionalSecretOutputs: string[];
  /** The raw RPC object: secrets are still wrapped here. */
  rawInputs: Record<string, unknown>;
}

const registrations: Registration[] = [];

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => ({
        id: `${args.name}-id`,
        // The engine answers with the provider's outputs; these stand in for them.
        state: { ...args.inputs, appId: "app-from-server", priorEnabled: true },
      }),
      call: () => ({}),
    },
    "project",
    "stack",
  );
  const monitor = require("@pulumi/pulumi/runtime/settings").getMonitor();
  const register = monitor.registerResource.bind(monitor);
  monitor.registerResource = (req: RegisterResourceRequest, callback: unknown) => {
    const object = req.getObject()!;
    const rawInputs = object.toJavaScript();
    registrations.push({
      type: req.getType(),
      name: req.getName(),
      inputs: pulumi.runtime.deserializeProperties(object),
      additionalSecretOutputs: req.getAdditionalsecretoutputsList(),
      rawInputs,
    });
    return register(req, callback);
  };
});

function resolved<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply(resolve));
}

const SECRET = "client-secret-value-123";

describe("Connector registration", () => {
  let connector: Connector;
  let registration: Registration;

  beforeAll(async () => {
    connector = new Connector(
      "main",
      { name: "gh", appName: "github", authConfig: { client_id: "cid", client_secret: SECRET } },
      { additionalSecretOutputs: ["createdAt"], protect: false },
    );
    await resolved(connector.id);
    registration = registrations.find((r) => r.name === "main")!;
  });

  test("URN type is pulumi-nodejs:dynamic/integrations:Connector", () => {
    expect(registration.type).toBe("pulumi-nodejs:dynamic/integrations:Connector");
  });

  test("authConfig is an additional secret output, merged with the user's own options", () => {
    expect(registration.additionalSecretOutputs).toEqual(expect.arrayContaining(["authConfig", "createdAt"]));
  });

  test("authConfig given as a plain object is sent as a secret input", () => {
    expect(JSON.stringify(registration.rawInputs.authConfig)).toContain("4dabf18193072939515e22adb298388d");
  });

  test("outputs that are not inputs are registered and resolve from the engine's answer", async () => {
    expect(await resolved(connector.appId)).toBe("app-from-server");
    expect(await resolved(connector.name)).toBe("gh");
    expect(await resolved(connector.id)).toBe("main-id");
  });

  test("__provider is the serialized shim and nothing else", () => {
    const provider = registration.inputs.__provider as string;
    expect(provider.length).toBeLessThanOrEqual(4096);
    expect(provider).toContain('require("pulumi-integrations/dynamic")[kind].create(inputs)');
    expect(provider).toContain('kind: "connector"');
    expect(provider).not.toContain(SECRET);
  });
});

describe("Connector autonaming inputs", () => {
  test("an autonamed connector sends its prefix and its scope: project, stack and logical name", async () => {
    const autonamed = new Connector("autonamed", { appName: "github" });
    const prefixed = new Connector("prefixed", { appName: "github", namePrefix: "gh-" });
    await Promise.all([resolved(autonamed.id), resolved(prefixed.id)]);
    const inputsOf = (name: string) => registrations.find((r) => r.name === name)!.inputs;
    expect(inputsOf("autonamed")).toMatchObject({
      namePrefix: "autonamed-",
      autonameScope: "project/stack/autonamed",
    });
    expect(inputsOf("prefixed")).toMatchObject({
      namePrefix: "gh-",
      autonameScope: "project/stack/prefixed",
    });
  });

  test("a named connector sends neither", () => {
    const named = registrations.find((r) => r.name === "main")!.inputs;
    expect(named).not.toHaveProperty("namePrefix");
    expect(named).not.toHaveProperty("autonameScope");
  });
});

describe("IntegrationState registration", () => {
  test("URN type, secret authConfig, registered outputs", async () => {
    const state = new IntegrationState("st", {
      integrationId: "int-1",
      authConfig: { client_secret: SECRET },
    });
    expect(await resolved(state.priorEnabled)).toBe(true);
    const registration = registrations.find((r) => r.name === "st")!;
    expect(registration.type).toBe("pulumi-nodejs:dynamic/integrations:IntegrationState");
    expect(registration.additionalSecretOutputs).toEqual(["authConfig", "priorAuthConfig", "connection"]);
    expect(JSON.stringify(registration.rawInputs.authConfig)).toContain("4dabf18193072939515e22adb298388d");
    expect(registration.inputs.__provider as string).toContain('kind: "integrationState"');
  });

  test("every instance of a type carries the same provider text", async () => {
    const a = new IntegrationState("a", { integrationId: "int-a", enabled: true });
    const b = new IntegrationState(
      "b",
      { integrationId: "int-b", enabled: false },
      { additionalSecretOutputs: [] },
    );
    await Promise.all([resolved(a.id), resolved(b.id)]);
    const [providerA, providerB] = ["a", "b"].map(
      (name) => registrations.find((r) => r.name === name)!.inputs.__provider,
    );
    expect(providerA).toBe(providerB);
  });
});
