/**
 * Checks responses of the emulator against its own generated OpenAPI document (GET /openapi.json) with
 * ajv: a 2xx must be a documented status of the matched operation, with a body valid against that
 * status's schema (or no body where none is documented); any other status must carry the documented
 * error body. Used by helpers.ts on every emulator a test starts.
 */
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { ObservedResponse } from "../../src/emulator";
import { openApiDocument, openApiPath } from "../../src/emulator/openapi";

const DOCUMENT_ID = "emulator-openapi.json";

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

/** Validates against a given document; the default is the emulator's. */
export function createConformanceChecker(document: Record<string, unknown> = openApiDocument()) {
  // strict: false because an OpenAPI document holds keywords JSON Schema does not know (openapi, paths,
  // nullable is understood by ajv itself); formats (date-time, uuid, email) are checked.
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, DOCUMENT_ID);
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const validators = new Map<string, ValidateFunction>();

  function validatorAt(pointer: string): ValidateFunction {
    let validate = validators.get(pointer);
    if (!validate) {
      validate = ajv.getSchema(`${DOCUMENT_ID}#${pointer}`);
      if (!validate) throw new Error(`no schema at ${pointer}`);
      validators.set(pointer, validate);
    }
    return validate;
  }

  /** What is wrong with one response; [] when it conforms. */
  return function violationsOf(response: ObservedResponse): string[] {
    const method = response.method === "HEAD" ? "get" : response.method.toLowerCase();
    const path = response.route === undefined ? undefined : openApiPath(response.route);
    const where = `${response.method} ${path ?? "(no route)"} -> ${response.statusCode}`;
    // A served route the document does not describe is a gap, whatever the status.
    if (path !== undefined && paths[path] === undefined) return [`${where}: route not in the document`];
    const operation = path === undefined ? undefined : paths[path]?.[method];
    const success = response.statusCode >= 200 && response.statusCode < 300;
    if (success && !operation) return [`${where}: no such operation in the document`];
    const status = success ? String(response.statusCode) : "default";
    const documented = operation?.responses[status];
    if (success && !documented) return [`${where}: status not documented`];
    const pointer =
      documented === undefined
        ? "/components/schemas/HttpError"
        : `/paths/${escape(path as string)}/${method}/responses/${status}/content/application~1json/schema`;
    if (documented !== undefined && documented.content === undefined) {
      return response.body === "" ? [] : [`${where}: a body where none is documented`];
    }
    if (response.method === "HEAD") return [];
    if (!response.contentType.startsWith("application/json")) {
      return [`${where}: content-type ${response.contentType || "(none)"}, not application/json`];
    }
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return [`${where}: body is not JSON`];
    }
    const validate = validatorAt(pointer);
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      // Item indexes are dropped so that one fault in a list is reported once.
      (error) =>
        `${where}: ${error.instancePath.replace(/\/[0-9]+/g, "/*") || "(body)"} ${error.message ?? "invalid"} ` +
        JSON.stringify(error.params),
    );
  };
}

/** JSON pointer escaping of one segment. */
const escape = (segment: string): string => segment.replace(/~/g, "~0").replace(/\//g, "~1");
