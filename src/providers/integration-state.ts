import { NotFoundError, type ApiClient } from "../client";
import { mergeVisibleAuthConfig } from "./auth-config";
import { getUnlessGone } from "./gone";
import { createClientForCall } from "./client-for-call";
import { compare } from "./diff-rules";
import { readably, ProviderError } from "./errors";
import { checkIntegrationStateInputs, type CheckedIntegrationStateInputs } from "./integration-state-inputs";
import { integrationStateOutputs, type IntegrationStateOutputs } from "./integration-state-outputs";
import { diffIntegrationState } from "./integration-state-diff";
import type { ResourceHandlers } from "./types";
import { withoutUndefined } from "./values";

export type IntegrationStateHandlers = ResourceHandlers<
  CheckedIntegrationStateInputs,
  IntegrationStateOutputs
>;

/**
 * The IntegrationState's provider: manages `enabled` and/or `authConfig` of an integration it does not
 * own. Requests per call: check and diff none; create 1-2 (read, then PATCH unless nothing differs);
 * read 1; update 0-1; delete 0-1.
 */
export function createIntegrationStateHandlers(): IntegrationStateHandlers {
  const api = createClientForCall();
  return {
    configure: async (req) => api.configure(req.config),
    check: (_olds, news) => readably(async () => withoutUndefined(checkIntegrationStateInputs(news))),
    diff: (_id, olds, news) => readably(async () => diffIntegrationState(olds, news)),
    create: (inputs) => readably(() => createIntegrationState(api.client(), inputs)),
    read: (id, props) => readably(() => readIntegrationState(api.client(), id, props)),
    update: (id, olds, news) => readably(() => updateIntegrationState(api.client(), id, olds, news)),
    delete: (id, props) => readably(() => deleteIntegrationState(api.client(), id, props)),
  };
}

async function createIntegrationState(client: ApiClient, inputs: CheckedIntegrationStateInputs) {
  const id = inputs.integrationId;
  const record = await client.getIntegration(id).catch((error: unknown) => {
    throw error instanceof NotFoundError ? unknownIntegrationError(id, error.message) : error;
  });
  if (record.deleted) throw unknownIntegrationError(id, "it is deleted");
  // authConfig is always sent when managed: the server's copy is redacted, so it cannot be compared.
  const patch = withoutUndefined({
    enabled: inputs.enabled === record.enabled ? undefined : inputs.enabled,
    authConfig: inputs.authConfig,
  });
  if (Object.keys(patch).length > 0) await client.updateIntegration(id, patch);
  return { id, outs: integrationStateOutputs(inputs, record.enabled) };
}

async function readIntegrationState(client: ApiClient, id: string, props: IntegrationStateOutputs) {
  const record = await getUnlessGone(client, id);
  if (!record) return { id: "" };
  const refreshed = {
    ...props,
    enabled: props.enabled === undefined ? undefined : record.enabled,
    authConfig: mergeVisibleAuthConfig(props.authConfig, record.authConfig),
  };
  return { id, props: integrationStateOutputs(refreshed, props.priorEnabled) };
}

async function updateIntegrationState(
  client: ApiClient,
  id: string,
  olds: IntegrationStateOutputs,
  news: CheckedIntegrationStateInputs,
) {
  // A field removed from the program stops being managed: its remote value is left as it is.
  const patch = withoutUndefined({
    enabled:
      news.enabled === undefined || compare(olds.enabled, news.enabled) === "same" ? undefined : news.enabled,
    authConfig:
      news.authConfig === undefined || compare(olds.authConfig, news.authConfig) === "same"
        ? undefined
        : news.authConfig,
  });
  if (Object.keys(patch).length > 0) {
    await client.updateIntegration(id, patch).catch((error: unknown) => {
      throw error instanceof NotFoundError ? unknownIntegrationError(id, error.message) : error;
    });
  }
  return { outs: integrationStateOutputs(news, olds.priorEnabled) };
}

async function deleteIntegrationState(client: ApiClient, id: string, props: IntegrationStateOutputs) {
  // Only `enabled` can be restored: the prior authConfig's secret values were never readable.
  const restore =
    props.onDelete === "restore" && props.enabled !== undefined && props.enabled !== props.priorEnabled;
  if (!restore) return;
  // An integration that is gone has nothing left to restore.
  await client.updateIntegration(id, { enabled: props.priorEnabled }).catch((error: unknown) => {
    if (!(error instanceof NotFoundError)) throw error;
  });
}

function unknownIntegrationError(id: string, why: string) {
  return new ProviderError(
    `Integration "${id}" cannot be managed: ${why}. IntegrationState manages an existing integration; ` +
      "check integrationId (use a Connector to create one).",
  );
}
