/**
 * The emulator's generated document (GET /openapi.json) against the service's published one, for the
 * routes they share, from the facts encoded in published-facts.ts (the published document itself is not
 * needed). Where the published document contradicts itself, the project's own rule stands: each such
 * difference is listed in DEVIATIONS with its reason, and an unlisted difference fails.
 */
import { openApiDocument } from "../../../src/emulator/openapi";
import { PUBLISHED_FACTS } from "./published-facts";
import { operationFacts, type BodyFacts } from "./schema-facts";
import { SHARED_OPERATIONS } from "./shared-operations";

const DEFAULT_ACCEPTED =
  "contract decisions: `default` is null, a string or an object (a list of strings for a list field)";
const NO_BODY_ON_204 = "the document declares a JSON body on a 204; HTTP forbids one (contract decisions)";
const CATEGORIES = "the document types it string with object items; the service sends a list of strings";

/** Differences the project settles its own way, by "<operation> <request|response> <field path>". */
const DEVIATIONS: Record<string, string> = {
  "get /api/v1/apps response items[].categories": CATEGORIES,
  "get /api/v1/apps response items[].tags": CATEGORIES,
  "post /api/v1/integrations response expectedInputFields[].default": DEFAULT_ACCEPTED,
  "get /api/v1/integrations/{integrationId} response expectedInputFields[].default": DEFAULT_ACCEPTED,
  "patch /api/v1/integrations/{integrationId} response (body)": NO_BODY_ON_204,
  "delete /api/v1/integrations/{integrationId} response (body)": NO_BODY_ON_204,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the generated document, read as JSON
const generated = openApiDocument() as any;

/** Every alternative the emulator may send is one the published document allows. */
function sendsWithin(published: string, emulator: string): boolean {
  if (published === "any" || published === emulator) return true;
  const allowed = new Set(
    published.split("|").flatMap((kind) => (kind === "number" ? [kind, "integer"] : [kind])),
  );
  return emulator
    .split("|")
    .every(
      (kind) =>
        allowed.has(kind) ||
        (kind.startsWith("array<") && allowed.has("array<object>") && kind === "array<object>"),
    );
}

/** Every value the published document allows, the emulator accepts. */
const acceptsAll = (published: string, emulator: string): boolean =>
  emulator === "any" || sendsWithin(emulator, published);

function differences(
  key: string,
  published: BodyFacts | undefined,
  emulator: BodyFacts | undefined,
  side: "request" | "response",
): string[] {
  if (!published) return [];
  if (!emulator) return [`${key} ${side} (body)`];
  const found: string[] = [];
  for (const [path, type] of Object.entries(published.types)) {
    const ours = emulator.types[path];
    // An optional response field the emulator never sends conforms; a request field it does not accept does not.
    const fits =
      side === "response"
        ? ours === undefined || sendsWithin(type, ours)
        : ours !== undefined && acceptsAll(type, ours);
    if (!fits) found.push(`${key} ${side} ${path}`);
  }
  const required =
    side === "response"
      ? published.required.filter((path) => !emulator.required.includes(path))
      : emulator.required.filter((path) => !published.required.includes(path));
  found.push(
    ...required.map(
      (path) =>
        `${key} ${side} ${path} (required: ${side === "response" ? "not always sent" : "required only here"})`,
    ),
  );
  return found;
}

describe("the generated document against the published one (shared routes)", () => {
  it.each(SHARED_OPERATIONS)("$method $path", ({ method, path }) => {
    const key = `${method} ${path}`;
    const published = PUBLISHED_FACTS[key];
    expect(published).toBeDefined();
    const ours = operationFacts(generated, method, path);
    expect(ours.successStatus).toBe(published.successStatus);
    const found = [
      ...differences(key, published.request, ours.request, "request"),
      ...differences(key, published.response, ours.response, "response"),
    ];
    const unexplained = found.filter((difference) => DEVIATIONS[difference] === undefined);
    expect(unexplained).toEqual([]);
  });

  it("lists only deviations that still exist (a fixed one must leave the list)", () => {
    const all = SHARED_OPERATIONS.flatMap(({ method, path }) => {
      const key = `${method} ${path}`;
      const ours = operationFacts(generated, method, path);
      return [
        ...differences(key, PUBLISHED_FACTS[key].request, ours.request, "request"),
        ...differences(key, PUBLISHED_FACTS[key].response, ours.response, "response"),
      ];
    });
    expect(Object.keys(DEVIATIONS).filter((deviation) => !all.includes(deviation))).toEqual([]);
  });
});
