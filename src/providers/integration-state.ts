import { NotFoundError, type ApiClient } from "../client";
import { refreshAppliedKeys } from "./applied-keys";
import { getUnlessGone, unlessNotFound } from "./gone";
import { createClientForCall } from "./client-for-call";
import { compare } from "./diff-rules";
import { messageOf, PartialCreateError, ProviderError, readably } from "./errors";
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
  /**
   * `priorEnabled` of the IntegrationStates this process has let go, by integration id. A replacement on
   * the same integration (`up --replace`) deletes the old resource first (the resource's
   * deleteBeforeReplace default) and then creates the new one in the same provider process: the new one
   * takes over what the old one found, instead of reading back the value the old one managed (which
   * "retain" leaves in place), so the value found before any stack touched the integration is never lost.
   */
  const released = new Map<string, boolean>();
  return {
    configure: async (req) => api.configure(req.config),
    check: (_olds, news) => readably(async () => withoutUndefined(checkIntegrationStateInputs(news))),
    diff: (_id, olds, news) => readably(async () => diffIntegrationState(olds, news)),
    create: (inputs) => readably(() => createIntegrationState(api.client(), inputs, released)),
    read: (id, props) => readably(() => readIntegrationState(api.client(), id, props)),
    update: (id, olds, news) => readably(() => updateIntegrationState(api.client(), id, olds, news)),
    delete: (id, props) => readably(() => deleteIntegrationState(api.client(), id, props, released)),
  };
}

async function createIntegrationState(
  client: ApiClient,
  inputs: CheckedIntegrationStateInputs,
  released: Map<string, boolean>,
) {
  const id = inputs.integrationId;
  const record = await client.getIntegration(id).catch((error: unknown) => {
    throw error instanceof NotFoundError ? unknownIntegrationError(id, error.message) : error;
  });
  if (record.deleted) throw unknownIntegrationError(id, "it is deleted");
  const priorEnabled = released.get(id) ?? record.enabled;
  released.delete(id);
  // authConfig is always sent when managed: the server's copy is redacted, so it cannot be compared.
  const patch = withoutUndefined({
    enabled: inputs.enabled === record.enabled ? undefined : inputs.enabled,
    authConfig: inputs.authConfig,
  });
  if (Object.keys(patch).length > 0) {
    await client.updateIntegration(id, patch).catch((error: unknown) => {
      // The integration is now touched (the PATCH may have landed before its answer was lost): keep the
      // resource in state with the value it found, and with nothing recorded as applied, so that the next
      // `up` applies it again instead of reading the managed value back as the prior one.
      const found = { ...inputs, enabled: inputs.enabled === undefined ? undefined : record.enabled };
      throw new PartialCreateError(
        id,
        integrationStateOutputs({ ...found, authConfig: undefined }, priorEnabled),
        `IntegrationState of "${id}": setting ${Object.keys(patch).join(" and ")} failed: ${messageOf(error)} ` +
          "It is kept in state; run `pulumi up` again to finish.",
      );
    });
  }
  return { id, outs: integrationStateOutputs(inputs, priorEnabled) };
}

async function readIntegrationState(client: ApiClient, id: string, props: IntegrationStateOutputs) {
  const record = await getUnlessGone(client, id);
  if (!record) return { id: "" };
  const refreshed = {
    ...props,
    enabled: props.enabled === undefined ? undefined : record.enabled,
    authConfig: refreshAppliedKeys(props.authConfig, record.authConfig),
  };
  const outputs = integrationStateOutputs(refreshed, props.priorEnabled);
  // The refreshed values become the inputs too, so that an input under ignoreChanges keeps what a refresh
  // found (see inputsOf in connector-outputs.ts).
  const { priorEnabled: _prior, ...inputs } = outputs;
  return { id, props: outputs, inputs };
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

async function deleteIntegrationState(
  client: ApiClient,
  id: string,
  props: IntegrationStateOutputs,
  released: Map<string, boolean>,
) {
  released.set(id, props.priorEnabled);
  // Only `enabled` can be restored: the prior authConfig's secret values were never readable.
  const restore =
    props.onDelete === "restore" && props.enabled !== undefined && props.enabled !== props.priorEnabled;
  if (!restore) return;
  // An integration that is gone has nothing left to restore.
  await unlessNotFound(client.updateIntegration(id, { enabled: props.priorEnabled }));
}

function unknownIntegrationError(id: string, why: string) {
  return new ProviderError(
    `Integration "${id}" cannot be managed: ${why}. IntegrationState manages an existing integration; ` +
      "check integrationId (use a Connector to create one).",
  );
}
