/**
 * GET /openapi.json: the emulator's OpenAPI 3.0 document, generated from the same zod schemas the
 * handlers parse requests with (schemas.ts) and type their responses with (response-schemas.ts), using
 * zod's own `z.toJSONSchema` (target "openapi-3.0"), so it cannot drift from what the code does.
 * Point Swagger UI, Prism or a client generator at it.
 */
import { z } from "zod";
import * as input from "./schemas";
import * as output from "./response-schemas";

type Method = "get" | "post" | "put" | "patch" | "delete";

/** One operation: the fastify route pattern, its inputs and its responses by status (null: no body). */
export interface OperationSpec {
  method: Method;
  route: string;
  operationId: string;
  summary: string;
  tag: "Apps" | "Integrations" | "Triggers" | "Connected accounts" | "Client" | "Emulator";
  /** false: no x-api-key needed. */
  authenticated?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  responses: Record<number, z.ZodType | null>;
}

/**
 * Every route the emulator serves. openapi.test.ts checks that each is served; the conformance check of
 * every test (test/emulator/conformance.ts) fails on a served route missing here. The tests' sweeps of
 * routes are derived from this list.
 */
export const OPERATIONS: OperationSpec[] = [
  {
    method: "get",
    route: "/api/v1/apps",
    operationId: "getApps",
    summary: "List apps",
    tag: "Apps",
    query: input.listAppsQuery,
    responses: { 200: output.appList },
  },
  {
    method: "post",
    route: "/api/v1/integrations",
    operationId: "createConnector",
    summary: "Create connector",
    tag: "Integrations",
    body: input.createIntegrationBody,
    responses: { 200: output.connectorView },
  },
  {
    method: "get",
    route: "/api/v1/integrations",
    operationId: "listAllConnectors",
    summary: "List connectors",
    tag: "Integrations",
    query: input.listIntegrationsQuery,
    responses: { 200: output.connectorList },
  },
  {
    method: "get",
    route: "/api/v1/integrations/:integrationId",
    operationId: "getConnectorInfo",
    summary: "Get connector info",
    tag: "Integrations",
    params: input.integrationIdParams,
    responses: { 200: output.connectorView },
  },
  {
    method: "patch",
    route: "/api/v1/integrations/:integrationId",
    operationId: "modifyConnector",
    summary: "Modify connector (authConfig replaces the stored one as a whole)",
    tag: "Integrations",
    params: input.integrationIdParams,
    body: input.patchIntegrationBody,
    responses: { 204: null },
  },
  {
    method: "delete",
    route: "/api/v1/integrations/:integrationId",
    operationId: "deleteConnector",
    summary: "Delete connector (soft delete)",
    tag: "Integrations",
    params: input.integrationIdParams,
    responses: { 204: null },
  },
  {
    method: "get",
    route: "/api/v1/triggers",
    operationId: "listTriggers",
    summary: "List triggers",
    tag: "Triggers",
    query: input.listTriggersQuery,
    responses: { 200: output.triggerList },
  },
  {
    method: "post",
    route: "/api/v1/triggers/enable/:connectedAccountId/:triggerName",
    operationId: "enableTrigger",
    summary: "Enable trigger",
    tag: "Triggers",
    params: input.enableTriggerParams,
    body: input.enableTriggerBody,
    responses: { 200: output.triggerEnabled },
  },
  {
    method: "patch",
    route: "/api/v1/triggers/instance/:triggerId/status",
    operationId: "switchTriggerInstanceStatus",
    summary: "Switch trigger instance status",
    tag: "Triggers",
    params: input.triggerIdParams,
    body: input.switchTriggerStatusBody,
    responses: { 200: output.operationSucceeded },
  },
  {
    method: "post",
    route: "/api/v1/triggers/disable/:triggerInstanceId",
    operationId: "disableTrigger",
    summary: "Disable trigger (the same as switching its status to enabled: false)",
    tag: "Triggers",
    params: input.triggerInstanceIdParams,
    responses: { 200: output.operationSucceeded },
  },
  {
    method: "delete",
    route: "/api/v1/triggers/instance/:triggerInstanceId",
    operationId: "deleteTrigger",
    summary: "Delete trigger instance",
    tag: "Triggers",
    params: input.triggerInstanceIdParams,
    responses: { 200: output.rowsDeleted },
  },
  {
    method: "post",
    route: "/api/v1/triggers/set_callback_url",
    operationId: "set_callback_url",
    summary: "Set the callback URL every event is delivered to",
    tag: "Triggers",
    body: input.setCallbackUrlBody,
    responses: { 200: output.operationSucceeded },
  },
  {
    method: "get",
    route: "/api/v1/triggers/callback_url",
    operationId: "getWebhookURL",
    summary: "Get the callback URL (left out while none is set)",
    tag: "Triggers",
    responses: { 200: output.callbackUrlView },
  },
  {
    method: "get",
    route: "/api/v1/client/auth/client_info",
    operationId: "getUserInfo",
    summary: "Client info: the callback URL as webhookURL and the webhookSecret that signs deliveries",
    tag: "Client",
    responses: { 200: output.clientInfoView },
  },
  {
    method: "get",
    route: "/api/v1/triggers/active_triggers",
    operationId: "getActiveTriggers",
    summary: "Get active triggers",
    tag: "Triggers",
    query: input.activeTriggersQuery,
    responses: { 200: output.activeTriggerList },
  },
  {
    method: "get",
    route: "/api/v1/triggers/logs",
    operationId: "getTriggerLogs",
    summary: "Get trigger logs (newest first)",
    tag: "Triggers",
    query: input.triggerLogsQuery,
    responses: { 200: output.triggerLogList },
  },
  {
    method: "post",
    route: "/api/v1/connectedAccounts",
    operationId: "initiateConnection",
    summary: "Initiate connection",
    tag: "Connected accounts",
    body: input.createConnectedAccountBody,
    responses: { 200: output.connectedAccountCreated },
  },
  {
    method: "get",
    route: "/api/v1/connectedAccounts",
    operationId: "listConnections",
    summary: "List connections",
    tag: "Connected accounts",
    query: input.listConnectedAccountsQuery,
    responses: { 200: output.connectedAccountList },
  },
  {
    method: "get",
    route: "/api/v1/connectedAccounts/:connectedAccountId",
    operationId: "getConnection",
    summary: "Get single connection (no connection data)",
    tag: "Connected accounts",
    params: input.connectedAccountIdParams,
    responses: { 200: output.connectedAccountDetailView },
  },
  {
    method: "delete",
    route: "/api/v1/connectedAccounts/:connectedAccountId",
    operationId: "deleteConnection",
    summary: "Delete connection (and its trigger instances)",
    tag: "Connected accounts",
    params: input.connectedAccountIdParams,
    responses: { 200: output.rowsDeleted },
  },
  {
    method: "get",
    route: "/openapi.json",
    operationId: "emulatorOpenApi",
    summary: "This document",
    tag: "Emulator",
    authenticated: false,
    responses: { 200: output.openApiDocumentView },
  },
  {
    method: "get",
    route: "/_emulator/health",
    operationId: "emulatorHealth",
    summary: "Health check",
    tag: "Emulator",
    authenticated: false,
    responses: { 200: output.health },
  },
  {
    method: "get",
    route: "/_emulator/faults",
    operationId: "emulatorGetFaults",
    summary: "The caller's fault settings",
    tag: "Emulator",
    responses: { 200: output.faultSettingsView },
  },
  {
    method: "put",
    route: "/_emulator/faults",
    operationId: "emulatorSetFaults",
    summary: "Merge into the caller's fault settings (other tenants are not affected)",
    tag: "Emulator",
    body: input.faultSettingsPatch,
    responses: { 200: output.faultSettingsView },
  },
  {
    method: "delete",
    route: "/_emulator/faults",
    operationId: "emulatorClearFaults",
    summary: "No faults for the caller",
    tag: "Emulator",
    responses: { 200: output.faultSettingsView },
  },
  {
    method: "get",
    route: "/_emulator/requests",
    operationId: "emulatorRequestLog",
    summary: "The caller's request log",
    tag: "Emulator",
    responses: { 200: output.requestLogView },
  },
  {
    method: "delete",
    route: "/_emulator/requests",
    operationId: "emulatorClearRequestLog",
    summary: "Forget the caller's request log",
    tag: "Emulator",
    responses: { 204: null },
  },
  {
    method: "post",
    route: "/_emulator/trigger-instances/:id/fire",
    operationId: "emulatorFireTrigger",
    summary:
      "Fire one of the caller's enabled trigger instances: delivered to the callback URL in the background " +
      "(each attempt a trigger log entry), or logged as not delivered when none is set",
    tag: "Emulator",
    params: input.triggerInstanceParams,
    body: input.fireTriggerBody,
    responses: { 200: output.firedEvent },
  },
];

const TARGET = "openapi-3.0";
const ref = (id: string) => `#/components/schemas/${id}`;
type JsonSchema = Record<string, unknown>;

/** `/api/v1/integrations/:integrationId` -> `/api/v1/integrations/{integrationId}` */
export const openApiPath = (route: string): string => route.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

let cached: JsonSchema | undefined;

/** The document (built once per process: the schemas do not change at run time). */
export function openApiDocument(): JsonSchema {
  cached ??= buildDocument();
  return cached;
}

function buildDocument(): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of OPERATIONS) {
    const path = openApiPath(operation.route);
    paths[path] = { ...paths[path], [operation.method]: describeOperation(operation) };
  }
  return {
    openapi: "3.0.3",
    info: {
      title: "Trigger and Integration Management API (local emulator)",
      version: "1.0.0",
      description:
        "Generated from the emulator's zod schemas. Follows the service's published v1 document; where " +
        "that document contradicts itself, the project's contract decisions.",
    },
    paths,
    components: {
      schemas: componentSchemas(),
      securitySchemes: { ApiKeyAuth: { type: "apiKey", in: "header", name: "x-api-key" } },
    },
  };
}

function describeOperation(operation: OperationSpec): JsonSchema {
  const parameters = [...parametersOf(operation.params, "path"), ...parametersOf(operation.query, "query")];
  const responses: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(operation.responses)) {
    responses[status] =
      schema === null
        ? { description: "No body" }
        : { description: "Success", content: { "application/json": { schema: responseSchema(schema) } } };
  }
  responses.default = {
    description: "Error (flat body)",
    content: { "application/json": { schema: { $ref: ref("HttpError") } } },
  };
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    tags: [operation.tag],
    ...(operation.authenticated !== false && { security: [{ ApiKeyAuth: [] }] }),
    ...(parameters.length > 0 && { parameters }),
    ...(operation.body && {
      requestBody: {
        required: !operation.body.safeParse(undefined).success,
        content: { "application/json": { schema: inputSchema(operation.body) } },
      },
    }),
    responses,
  };
}

function parametersOf(schema: z.ZodObject | undefined, where: "path" | "query"): JsonSchema[] {
  if (!schema) return [];
  return Object.entries(schema.shape).map(([name, field]) => ({
    name,
    in: where,
    required: where === "path" || !(field as z.ZodType).safeParse(undefined).success,
    schema: inputSchema(field as z.ZodType),
  }));
}

function inputSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { target: TARGET, io: "input", unrepresentable: "any" }) as JsonSchema;
}

/** Every response body is a named component (response-schemas.ts registers them all). */
function responseSchema(schema: z.ZodType): JsonSchema {
  const id = output.components.get(schema)?.id;
  if (id === undefined) throw new Error("a response schema is not registered in components");
  return { $ref: ref(id) };
}

function componentSchemas(): Record<string, JsonSchema> {
  const generated = z.toJSONSchema(output.components, { target: TARGET, io: "output", uri: ref });
  // OpenAPI 3.0 has no $id; the components are addressed by their place in the document.
  return Object.fromEntries(
    Object.entries(generated.schemas).map(([id, schema]) => {
      const { $id: _id, ...rest } = schema as JsonSchema;
      return [id, withNullInNullableEnums(rest)];
    }),
  );
}

/**
 * OpenAPI 3.0.3 says `nullable` does not widen an `enum`: null must be listed too (validators such as
 * ajv follow that). zod's generator leaves it out, so it is added here.
 */
function withNullInNullableEnums<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withNullInNullableEnums) as T;
  if (typeof node !== "object" || node === null) return node;
  const copy = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, withNullInNullableEnums(value)]),
  );
  if (copy.nullable === true && Array.isArray(copy.enum) && !copy.enum.includes(null)) {
    copy.enum = [...copy.enum, null];
  }
  return copy as T;
}
