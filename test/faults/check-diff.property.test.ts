/**
 * Property-based tests of the providers' check and diff, called through the stable entry the serialized
 * providers load (`pulumi-integrations/dynamic`). Neither makes an HTTP call, so no emulator is needed.
 * - check never throws, whatever it is given, and answers well-formed failures;
 * - inputs broken in one way always yield a failure naming the broken property, never quoting the value;
 * - valid inputs pass with defaults filled, and checking them again changes nothing;
 * - diff never throws, not even on state it did not write; a resource diffed against its own outputs has
 *   no change (no perpetual diff); a changed name replaces; an unknown never replaces.
 */
import fc from "fast-check";
import type { ConnectorRecord } from "../../src/client";
import { connector, integrationState } from "../../src/dynamic/entry";
import type { CheckedConnectorInputs, ConnectorOutputs } from "../../src/resources/connector/definition";
import { connectorOutputs, localStateOf } from "../../src/resources/connector/outputs";
import type {
  CheckedIntegrationStateInputs,
  IntegrationStateOutputs,
} from "../../src/resources/integration-state/definition";
import { checkIntegrationStateInputs } from "../../src/resources/integration-state/check";
import { integrationStateOutputs } from "../../src/resources/integration-state/outputs";
import type { CheckFailure, CheckResult } from "../../src/resources/shared/types";
import { UNKNOWN } from "../../src/resources/shared/unknowns";
import {
  anyInputs,
  brokenConnectorInputs,
  brokenIntegrationStateInputs,
  CONNECTOR_PROPERTIES,
  INTEGRATION_STATE_PROPERTIES,
  validConnectorInputs,
  validIntegrationStateInputs,
  type Broken,
} from "./support/input-arbitraries";

const RUNS = { numRuns: 300 };
const CONNECTOR_REPLACE_FIELDS = ["name", "appName", "appId", "authScheme", "useServiceAuth"];

/**
 * The property a failure is about. A failure about a secret-holding input (authConfig, data, connection)
 * leaves `property` empty and starts its reason with the name instead, because the engine prints the value
 * of the property a failure names (see withoutSecretValuesShown).
 */
const SECRET_HOLDING = new Set(["authConfig", "data", "connection"]);

function namedProperty(failure: CheckFailure): string {
  const firstWord = failure.reason.split(" ", 1)[0] ?? "";
  const inReason = failure.property === "" && SECRET_HOLDING.has(firstWord.split(/[.[]/, 1)[0] ?? "");
  return inReason ? firstWord : failure.property;
}

/** Each failure names a known property or one the inputs hold (possibly nested: `authConfig.x`), and a rule. */
function expectWellFormed(
  failures: CheckFailure[],
  known: readonly string[],
  inputs: Record<string, unknown>,
): void {
  const given = Object.keys(inputs);
  const names = (property: string) =>
    given.includes(property) ||
    known.some((key) => property === key || property.startsWith(`${key}.`) || property.startsWith(`${key}[`));
  for (const failure of failures) {
    expect(typeof failure.property).toBe("string");
    expect(names(namedProperty(failure))).toBe(true);
    expect(SECRET_HOLDING.has(failure.property.split(/[.[]/, 1)[0] ?? "")).toBe(false);
    expect(typeof failure.reason).toBe("string");
    expect(failure.reason.length).toBeGreaterThan(0);
  }
}

function expectNamed(result: CheckResult<unknown>, broken: Broken): void {
  expect(result.failures.map(namedProperty)).toContain(broken.property);
  if (typeof broken.value === "string" && broken.value.length >= 8) {
    for (const failure of result.failures) expect(failure.reason).not.toContain(broken.value);
  }
}

/** The outputs create would record for checked inputs, given the server's answer. */
function connectorOutputsOf(inputs: CheckedConnectorInputs): ConnectorOutputs {
  const record: ConnectorRecord = {
    id: "id-1",
    name: inputs.name ?? `${inputs.namePrefix}0000000`,
    appId: inputs.appId ?? "app-id-of-" + inputs.appName,
    appName: inputs.appName ?? "app-name-of-" + inputs.appId,
    authScheme: inputs.authScheme ?? "OAUTH2",
    // The server never shows secret values back: the provider must not diff against this echo.
    authConfig: {},
    enabled: inputs.enabled,
    useServiceAuth: inputs.useServiceAuth,
    expectedInputFields: [],
    deleted: false,
  } as ConnectorRecord;
  return connectorOutputs(record, localStateOf(inputs, inputs.name ?? `${inputs.namePrefix}0000000`));
}

/**
 * The settings a program's provider has: an unreachable base URL, since check and diff send nothing. Without
 * them every check fails with the settings error (the last test).
 */
const SETTINGS = { INTEGRATIONS_API_KEY: "property-test-key", INTEGRATIONS_BASE_URL: "http://127.0.0.1:9" };
const saved = Object.fromEntries(Object.keys(SETTINGS).map((name) => [name, process.env[name]]));
beforeAll(() => Object.assign(process.env, SETTINGS));
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe("Connector check (property-based)", () => {
  it("never throws, whatever the inputs and olds, and every failure names a property and a rule", async () => {
    await fc.assert(
      fc.asyncProperty(
        anyInputs(CONNECTOR_PROPERTIES),
        anyInputs(CONNECTOR_PROPERTIES),
        async (olds, news) => {
          const result = await connector.check(olds, news);
          expect(Array.isArray(result.failures)).toBe(true);
          expectWellFormed(result.failures, CONNECTOR_PROPERTIES, news);
        },
      ),
      RUNS,
    );
  });

  it("always names the broken property of inputs broken in one way, without quoting the value", async () => {
    await fc.assert(
      fc.asyncProperty(brokenConnectorInputs, async (broken) => {
        expectNamed(await connector.check({}, broken.inputs), broken);
      }),
      RUNS,
    );
  });

  it("passes valid inputs with defaults filled, and a second check changes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(validConnectorInputs, async (inputs) => {
        const first = await connector.check({}, inputs);
        expect(first.failures).toEqual([]);
        expect(first.inputs).toMatchObject({
          enabled: inputs.enabled ?? true,
          useServiceAuth: inputs.useServiceAuth ?? false,
          forceNewIntegration: inputs.forceNewIntegration ?? true,
          deletionPolicy: inputs.deletionPolicy ?? "delete",
        });
        const again = await connector.check(first.inputs as never, first.inputs as never);
        expect(again).toEqual(first);
      }),
      RUNS,
    );
  });
});

describe("Connector diff (property-based)", () => {
  it("never throws on state it did not write but to refuse a same-name replacement that keeps the old one", async () => {
    await fc.assert(
      fc.asyncProperty(anyInputs(CONNECTOR_PROPERTIES), validConnectorInputs, async (olds, inputs) => {
        const { inputs: news } = await connector.check({}, inputs);
        const diff = await connector.diff("id-1", olds as never, news).catch((error: Error) => error);
        if (diff instanceof Error) {
          expect(diff.message).toContain("would be replaced by a new one of the same name");
          expect(["retain", "disable"]).toContain((olds as Record<string, unknown>).deletionPolicy);
          return;
        }
        for (const field of diff.replaces) expect(CONNECTOR_REPLACE_FIELDS).toContain(field);
        if (diff.replaces.length > 0) expect(diff.changes).toBe(true);
        // Delete first exactly when a fixed name stays the same (names are unique).
        expect(diff.deleteBeforeReplace).toBe(!diff.replaces.includes("name"));
      }),
      RUNS,
    );
  });

  it("finds no change against its own outputs, and replaces on a new name", async () => {
    await fc.assert(
      fc.asyncProperty(validConnectorInputs, fc.string({ minLength: 1 }), async (inputs, otherName) => {
        const { inputs: news } = await connector.check({}, inputs);
        const olds = connectorOutputsOf(news);
        expect(await connector.diff("id-1", olds, news)).toEqual({
          changes: false,
          replaces: [],
          deleteBeforeReplace: true,
        });
        fc.pre(otherName !== news.name);
        const renamed = await connector.diff("id-1", olds, { ...news, name: otherName });
        expect(renamed.replaces).toEqual(["name"]);
      }),
      RUNS,
    );
  });

  it("shows an unknown replace-field (preview) as a possible replacement, any other unknown as a change", async () => {
    await fc.assert(
      fc.asyncProperty(
        validConnectorInputs,
        fc.constantFrom(...CONNECTOR_REPLACE_FIELDS, "enabled", "authConfig"),
        async (inputs, field) => {
          const { inputs: news } = await connector.check({}, inputs);
          const olds = connectorOutputsOf(news);
          const unknown = { ...news, [field]: UNKNOWN };
          if (field === "appName" || field === "appId")
            delete unknown[field === "appName" ? "appId" : "appName"];
          const checked = await connector.check({}, unknown);
          expect(checked.failures).toEqual([]);
          const diff = await connector.diff("id-1", olds, checked.inputs);
          expect(diff.replaces).toEqual(CONNECTOR_REPLACE_FIELDS.includes(field) ? [field] : []);
          expect(diff.changes).toBe(true);
        },
      ),
      RUNS,
    );
  });
});

describe("IntegrationState check and diff (property-based)", () => {
  it("check never throws, and every failure names a property and a rule", async () => {
    await fc.assert(
      fc.asyncProperty(
        anyInputs(INTEGRATION_STATE_PROPERTIES),
        anyInputs(INTEGRATION_STATE_PROPERTIES),
        async (olds, news) => {
          const result = await integrationState.check(olds, news);
          expectWellFormed(result.failures, INTEGRATION_STATE_PROPERTIES, news);
        },
      ),
      RUNS,
    );
  });

  it("check always names the broken property of inputs broken in one way", async () => {
    await fc.assert(
      fc.asyncProperty(brokenIntegrationStateInputs, async (broken) => {
        expectNamed(await integrationState.check({}, broken.inputs), broken);
      }),
      RUNS,
    );
  });

  it("diff never throws on any state, and finds no change against its own outputs", async () => {
    await fc.assert(
      fc.asyncProperty(
        anyInputs(INTEGRATION_STATE_PROPERTIES),
        validIntegrationStateInputs,
        fc.boolean(),
        async (anyOlds, inputs, priorEnabled) => {
          // The rules of its check alone: the whole check reads the integration's scheme, which needs a service.
          const checked = checkIntegrationStateInputs(inputs);
          expect(checked.failures).toEqual([]);
          const news: CheckedIntegrationStateInputs = checked.inputs;
          const diff = await integrationState.diff("id-1", anyOlds as never, news);
          for (const field of diff.replaces) expect(field).toBe("integrationId");
          const olds: IntegrationStateOutputs = integrationStateOutputs(news, { enabled: priorEnabled });
          expect(await integrationState.diff(news.integrationId, olds, news)).toEqual({
            changes: false,
            replaces: [],
            deleteBeforeReplace: true,
          });
        },
      ),
      RUNS,
    );
  });
});

describe("check without settings", () => {
  it("fails every resource's check with the settings error, naming the setting, never with a diff", async () => {
    await fc.assert(
      fc.asyncProperty(validConnectorInputs, async (inputs) => {
        const key = process.env.INTEGRATIONS_API_KEY;
        delete process.env.INTEGRATIONS_API_KEY;
        try {
          const { failures } = await connector.check({}, inputs);
          expect(failures).toEqual([
            { property: "", reason: expect.stringContaining("integrations:apiKey") },
          ]);
        } finally {
          process.env.INTEGRATIONS_API_KEY = key;
        }
      }),
      { numRuns: 20 },
    );
  });
});
