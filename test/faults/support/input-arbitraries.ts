/**
 * fast-check generators of provider inputs: anything a program (or an old state) could send, valid
 * inputs, and valid inputs broken in exactly one way together with the property the failure must name.
 */
import fc from "fast-check";
import { DELETION_POLICIES } from "../../../src/resources/connector/definition";
import { ON_DELETE_POLICIES } from "../../../src/resources/integration-state/definition";
import { UNKNOWN } from "../../../src/resources/shared/unknowns";

export const CONNECTOR_PROPERTIES = [
  "name",
  "namePrefix",
  "adoptId",
  "appName",
  "appId",
  "authScheme",
  "authConfig",
  "enabled",
  "useServiceAuth",
  "forceNewIntegration",
  "deletionPolicy",
] as const;

export const INTEGRATION_STATE_PROPERTIES = ["integrationId", "enabled", "authConfig", "onDelete"] as const;

/** What a Struct can carry, plus the preview's unknown sentinel. */
const anyValue = fc.oneof(fc.jsonValue(), fc.constant(UNKNOWN));

/** Any property bag: known names, the SDK's own `__provider`, prototype-ish names, and arbitrary keys. */
export function anyInputs(known: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const key = fc.oneof(
    fc.constantFrom(...known, "__provider", "__proto__", "constructor", "toString"),
    fc.string(),
  );
  return fc.dictionary(key, anyValue, { maxKeys: 12, noNullPrototype: true });
}

const text = fc.string({ minLength: 1, maxLength: 20 });
const authConfig = fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), {
  maxKeys: 4,
  noNullPrototype: true,
});

export const validConnectorInputs: fc.Arbitrary<Record<string, unknown>> = fc
  .record(
    {
      // The service trims names, so check refuses one with spaces around it.
      name: text.filter((name) => name.trim() === name),
      app: fc.oneof(
        text.map((appName) => ({ appName })),
        text.map((appId) => ({ appId })),
      ),
      authScheme: text,
      authConfig,
      enabled: fc.boolean(),
      useServiceAuth: fc.boolean(),
      forceNewIntegration: fc.boolean(),
      deletionPolicy: fc.constantFrom(...DELETION_POLICIES),
    },
    { requiredKeys: ["name", "app"] },
  )
  .map(({ app, ...rest }) => ({ ...rest, ...app }));

export const validIntegrationStateInputs: fc.Arbitrary<Record<string, unknown>> = fc
  .record(
    {
      integrationId: text,
      managed: fc.oneof(
        fc.record({ enabled: fc.boolean() }),
        fc.record({ authConfig }),
        fc.record({ enabled: fc.boolean(), authConfig }),
      ),
      onDelete: fc.constantFrom(...ON_DELETE_POLICIES),
    },
    { requiredKeys: ["integrationId", "managed"] },
  )
  .map(({ managed, ...rest }) => ({ ...rest, ...managed }));

/** Inputs broken in one way, and the property whose failure must say so. */
export interface Broken {
  inputs: Record<string, unknown>;
  property: string;
  /** The value that broke the rule, when it is one (a reason must never quote it: it may be a secret). */
  value?: unknown;
}

/** A JSON value that is not of the given kind (and never null or the unknown sentinel: both are allowed). */
function notA(kind: "string" | "boolean" | "object"): fc.Arbitrary<unknown> {
  const others = {
    string: [
      fc.integer(),
      fc.boolean(),
      fc.array(fc.jsonValue(), { maxLength: 2 }),
      fc.dictionary(text, text),
    ],
    boolean: [fc.integer(), fc.string(), fc.array(fc.boolean(), { maxLength: 2 }), fc.dictionary(text, text)],
    object: [fc.integer(), fc.boolean(), fc.string(), fc.array(fc.jsonValue(), { maxLength: 2 })],
  }[kind];
  return fc.oneof(...others).filter((value) => value !== UNKNOWN);
}

const wrongString = fc.oneof(fc.constant(""), notA("string"));

function breakField(property: string, bad: fc.Arbitrary<unknown>) {
  return (inputs: Record<string, unknown>) =>
    bad.map((value): Broken => ({ inputs: { ...inputs, [property]: value }, property, value }));
}

function unknownProperty(known: readonly string[]) {
  const name = fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((key) => !known.includes(key) && key !== "__provider" && key !== "__proto__");
  return (inputs: Record<string, unknown>) =>
    fc
      .tuple(
        name,
        fc.jsonValue().filter((value) => value !== null),
      )
      .map(([key, value]): Broken => ({ inputs: { ...inputs, [key]: value }, property: key }));
}

function withoutProperty(property: string, reported: string, alsoRemove: string[] = []) {
  return (inputs: Record<string, unknown>) => {
    const rest = { ...inputs };
    for (const key of [property, ...alsoRemove]) delete rest[key];
    return fc.constant<Broken>({ inputs: rest, property: reported });
  };
}

function oneBreak(
  valid: fc.Arbitrary<Record<string, unknown>>,
  breakers: ((inputs: Record<string, unknown>) => fc.Arbitrary<Broken>)[],
): fc.Arbitrary<Broken> {
  return fc.tuple(valid, fc.integer({ min: 0, max: breakers.length - 1 })).chain(([inputs, which]) => {
    const breaker = breakers[which];
    if (!breaker) throw new Error(`no breaker ${which}`);
    return breaker(inputs);
  });
}

export const brokenConnectorInputs: fc.Arbitrary<Broken> = oneBreak(validConnectorInputs, [
  withoutProperty("name", "name"),
  breakField("name", wrongString),
  breakField(
    "name",
    text.map((name) => ` ${name}`),
  ),
  breakField("authScheme", wrongString),
  breakField("authConfig", notA("object")),
  breakField("enabled", notA("boolean")),
  breakField("useServiceAuth", notA("boolean")),
  breakField("forceNewIntegration", notA("boolean")),
  breakField(
    "deletionPolicy",
    fc.jsonValue().filter((v) => v !== null && !DELETION_POLICIES.includes(v as never)),
  ),
  // The app selector: broken, missing, or given twice.
  (inputs) => breakField(inputs.appId === undefined ? "appName" : "appId", wrongString)(inputs),
  withoutProperty("appName", "appName", ["appId"]),
  (inputs) =>
    fc.constant<Broken>({ inputs: { ...inputs, appName: "github", appId: "app-1" }, property: "appId" }),
  unknownProperty(CONNECTOR_PROPERTIES),
]);

export const brokenIntegrationStateInputs: fc.Arbitrary<Broken> = oneBreak(validIntegrationStateInputs, [
  withoutProperty("integrationId", "integrationId"),
  breakField("integrationId", wrongString),
  breakField("enabled", notA("boolean")),
  breakField("authConfig", notA("object")),
  breakField(
    "onDelete",
    fc.jsonValue().filter((v) => v !== null && !ON_DELETE_POLICIES.includes(v as never)),
  ),
  withoutProperty("enabled", "enabled", ["authConfig"]),
  unknownProperty(INTEGRATION_STATE_PROPERTIES),
]);
