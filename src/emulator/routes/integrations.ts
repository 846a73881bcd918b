/** Connectors (integrations): create, list, read, update (PATCH) and soft delete. */
import type { FastifyInstance } from "fastify";
import { normaliseAuthConfig } from "../auth-config-normalisation";
import { expectedInputField } from "../catalog-index";
import { accountFields, connectorFields, type AuthScheme, type CatalogApp } from "../catalog/types";
import { nowOf, tenantOf, type EmulatorContext } from "../context";
import { badRequest, conflict, notFound } from "../errors";
import { paginate } from "../pagination";
import type { IntegrationRecord } from "../records";
import {
  createIntegrationBody,
  integrationIdParams,
  listIntegrationsQuery,
  parseInput,
  patchIntegrationBody,
  type CreateIntegrationBody,
} from "../schemas";
import { newId, type TenantStore } from "../store";
import { integrationSummary, integrationView } from "../views";

export function registerIntegrationRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const { catalog } = context;

  function resolveApp(body: CreateIntegrationBody): CatalogApp {
    if (body.appId === undefined && body.appName === undefined) {
      throw badRequest("Either appId or appName is required");
    }
    const byId = body.appId === undefined ? undefined : catalog.appById(body.appId);
    const byName = body.appName === undefined ? undefined : catalog.appByName(body.appName);
    if (body.appId !== undefined && !byId) throw badRequest(`Unknown app id ${body.appId}`);
    if (body.appName !== undefined && !byName) throw badRequest(`Unknown app ${body.appName}`);
    if (byId && byName && byId !== byName) {
      throw badRequest(`appId ${body.appId} and appName ${body.appName} name different apps`);
    }
    return (byId ?? byName) as CatalogApp;
  }

  function resolveScheme(target: CatalogApp, body: CreateIntegrationBody): AuthScheme {
    const useServiceAuth = body.useServiceAuth ?? false;
    const supported = target.auth_schemes.map((scheme) => scheme.auth_mode);
    const wanted =
      body.authScheme ?? (useServiceAuth ? target.serviceAuthSchemes[0] : undefined) ?? supported[0];
    const scheme = wanted === undefined ? undefined : catalog.scheme(target, wanted);
    if (!scheme) {
      throw badRequest(
        `App ${target.name} does not support authScheme ${wanted ?? "(none)"}; supported: ${supported.join(", ")}`,
      );
    }
    // A scheme that needs nothing of the developer (API_KEY, BEARER_TOKEN: the key is each account's)
    // takes the flag too: the real service's quickstart makes such a connector with
    // `{ name, appId, useServiceAuth: true }` and no authConfig.
    const needsDeveloperFields = connectorFields(scheme).some((field) => field.required);
    if (useServiceAuth && needsDeveloperFields && !target.serviceAuthSchemes.includes(scheme.auth_mode)) {
      throw badRequest(
        `App ${target.name} has no built-in authentication for authScheme ${scheme.auth_mode}`,
      );
    }
    return scheme;
  }

  /**
   * The scheme's required connector fields (not expected from customers) must be given, unless the
   * service's own auth is used: an end user's key is given per connected account, never here.
   */
  function requireSchemeFields(
    scheme: AuthScheme,
    authConfig: Record<string, unknown>,
    serviceAuth: boolean,
  ) {
    if (serviceAuth) return;
    const isBlank = (value: unknown) => value === undefined || value === null || value === "";
    const missing = connectorFields(scheme)
      .filter((field) => field.required && isBlank(authConfig[field.name]))
      .map((field) => field.name);
    if (missing.length > 0) {
      const message = `authConfig is missing fields required by ${scheme.auth_mode}: ${missing.join(", ")}`;
      throw badRequest(message, { missingFields: missing });
    }
  }

  /** What is stored of a given authConfig (see auth-config-normalisation.ts). */
  const stored = (authConfig: Record<string, unknown>) =>
    context.normaliseAuthConfig ? normaliseAuthConfig(authConfig) : authConfig;

  function liveIntegration(tenant: TenantStore, id: string): IntegrationRecord {
    const record = tenant.getIntegration(id);
    if (!record || record.deleted) throw notFound(`Integration ${id} not found`);
    return record;
  }

  app.post("/api/v1/integrations", async (request) => {
    const body = parseInput(createIntegrationBody, request.body, "body");
    const tenant = tenantOf(context, request);
    const target = resolveApp(body);
    const scheme = resolveScheme(target, body);
    const useServiceAuth = body.useServiceAuth ?? false;
    const authConfig = body.authConfig ?? {};
    requireSchemeFields(scheme, authConfig, useServiceAuth);

    if (!body.forceNewIntegration) {
      const existing = tenant.firstLiveIntegrationOf(target.id);
      if (existing) return integrationView(catalog, existing, context.secretValues);
    }
    const sameName = tenant.liveIntegrationNamed(body.name);
    if (sameName) {
      throw conflict(`An integration named ${body.name} already exists (id ${sameName.id})`, {
        existingId: sameName.id,
      });
    }
    const at = nowOf(context, request);
    const record = tenant.addIntegration({
      id: newId(),
      name: body.name,
      appId: target.id,
      appName: target.name,
      authScheme: scheme.auth_mode,
      authConfig: stored(authConfig),
      enabled: true,
      useServiceAuth,
      expectedInputFields: accountFields(scheme).map(expectedInputField),
      logo: target.logo,
      createdAt: at,
      updatedAt: at,
      deleted: false,
      defaultConnectorId: null,
    });
    return integrationView(catalog, record, context.secretValues);
  });

  app.get("/api/v1/integrations", async (request) => {
    const query = parseInput(listIntegrationsQuery, request.query, "query");
    const appName =
      query.appName === undefined ? undefined : (catalog.appByName(query.appName)?.name ?? query.appName);
    const matching = tenantOf(context, request)
      .listIntegrations()
      .filter((record) => !record.deleted)
      .filter((record) => query.showDisabled || record.enabled)
      .filter((record) => appName === undefined || record.appName === appName);
    const result = paginate(matching, query.page, query.pageSize);
    return { items: result.items.map(integrationSummary), totalPages: result.totalPages, page: result.page };
  });

  app.get("/api/v1/integrations/:integrationId", async (request) => {
    const { integrationId } = parseInput(integrationIdParams, request.params, "path");
    const record = tenantOf(context, request).getIntegration(integrationId);
    if (!record) throw notFound(`Integration ${integrationId} not found`);
    return integrationView(catalog, record, context.secretValues);
  });

  app.patch("/api/v1/integrations/:integrationId", async (request, reply) => {
    const { integrationId } = parseInput(integrationIdParams, request.params, "path");
    const body = parseInput(patchIntegrationBody, request.body, "body");
    const tenant = tenantOf(context, request);
    const record = liveIntegration(tenant, integrationId);
    if (body.authConfig !== undefined) {
      const target = catalog.appById(record.appId);
      const scheme = target && catalog.scheme(target, record.authScheme);
      if (scheme) requireSchemeFields(scheme, body.authConfig, record.useServiceAuth);
    }
    tenant.updateIntegration(
      integrationId,
      { ...body, ...(body.authConfig !== undefined && { authConfig: stored(body.authConfig) }) },
      nowOf(context, request),
    );
    return reply.code(204).send();
  });

  // 204 with no body, as the document's status says (it also declares a body on the 204, which HTTP
  // forbids: settled as for PATCH).
  app.delete("/api/v1/integrations/:integrationId", async (request, reply) => {
    const { integrationId } = parseInput(integrationIdParams, request.params, "path");
    const tenant = tenantOf(context, request);
    liveIntegration(tenant, integrationId);
    tenant.updateIntegration(integrationId, { deleted: true, enabled: false }, nowOf(context, request));
    return reply.code(204).send();
  });
}
