import { ConflictError, NotFoundError, type ApiClient, type ConnectorRecord } from "../client";
import { isInterruptedCreateOf } from "./adoption";
import { mergeVisibleAuthConfig } from "./auth-config";
import { getUnlessGone } from "./gone";
import { createClientForCall } from "./client-for-call";
import { diffConnector } from "./connector-diff";
import { checkConnectorInputs, type CheckedConnectorInputs } from "./connector-inputs";
import { appliedIdentity, connectorOutputs, localStateOf, type ConnectorOutputs } from "./connector-outputs";
import { compare } from "./diff-rules";
import { PartialCreateError, ProviderError, readably } from "./errors";
import type { ResourceHandlers } from "./types";
import { withoutUndefined } from "./values";

export type ConnectorHandlers = ResourceHandlers<CheckedConnectorInputs, ConnectorOutputs>;

/**
 * The Connector's provider: creates and owns a connector. Requests per call: check and diff none;
 * create 1 (2 when the new connector's `enabled` must be changed); read 1; update 0-2; delete 0-1.
 */
export function createConnectorHandlers(): ConnectorHandlers {
  const api = createClientForCall();
  return {
    configure: async (req) => api.configure(req.config),
    check: (_olds, news) => readably(async () => withoutUndefined(checkConnectorInputs(news))),
    diff: (_id, olds, news) => readably(async () => diffConnector(olds, news)),
    create: (inputs) => readably(() => createConnector(api.client(), inputs)),
    read: (id, props) => readably(() => readConnector(api.client(), id, props)),
    update: (id, olds, news) => readably(() => updateConnector(api.client(), id, olds, news)),
    delete: (id, props) => readably(() => deleteConnector(api.client(), id, props)),
  };
}

async function createConnector(client: ApiClient, inputs: CheckedConnectorInputs) {
  const { record, adopted } = await postOrAdopt(client, inputs);
  const outs = connectorOutputs(record, localStateOf(inputs));
  const patch = followUpPatch(record, inputs, adopted);
  if (Object.keys(patch).length === 0) return { id: record.id, outs };
  try {
    await client.updateIntegration(record.id, patch);
  } catch (error) {
    // State must say what was not applied, so that the next update applies it: enabled is the record's,
    // and an authConfig that was not set is recorded as unknown.
    const applied =
      patch.authConfig === undefined ? outs : withoutUndefined({ ...outs, authConfig: undefined });
    throw new PartialCreateError(
      record.id,
      applied,
      `Connector "${inputs.name}" was created (id ${record.id}) but setting it up failed: ${messageOf(error)} ` +
        "It is kept in state; run `pulumi up` again to finish.",
    );
  }
  return { id: record.id, outs: { ...outs, enabled: inputs.enabled } };
}

/**
 * POST the connector. A lost response is handled by the client (it finds the connector by its unique name
 * and adopts it). A 409 means the name is taken: by this resource's own earlier create that never reached
 * state (adopted, see adoption.ts), or by someone else's connector (an error saying how to take it over).
 */
async function postOrAdopt(
  client: ApiClient,
  inputs: CheckedConnectorInputs,
): Promise<{ record: ConnectorRecord; adopted: boolean }> {
  try {
    const record = await client.createIntegration({
      name: inputs.name,
      appName: inputs.appName,
      appId: inputs.appId,
      authScheme: inputs.authScheme,
      authConfig: inputs.authConfig,
      useServiceAuth: inputs.useServiceAuth,
      forceNewIntegration: inputs.forceNewIntegration,
    });
    return { record, adopted: false };
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    const existing = await client.findIntegrationByName(inputs.name, { appName: inputs.appName });
    const record = existing ? await client.getIntegration(existing.id) : undefined;
    if (record && isInterruptedCreateOf(record, inputs)) return { record, adopted: true };
    throw nameTakenError(inputs, existing?.id, error);
  }
}

/**
 * A new connector starts enabled, so `enabled: false` needs a PATCH. A connector not created by this
 * POST gets the authConfig too: one adopted from an interrupted create (its secret values cannot be
 * checked), or, with `forceNewIntegration: false`, an existing connector of the app that the server
 * handed back under another name.
 */
function followUpPatch(record: ConnectorRecord, inputs: CheckedConnectorInputs, adopted: boolean) {
  const tookOver = adopted || record.name !== inputs.name;
  return withoutUndefined({
    enabled: record.enabled === inputs.enabled ? undefined : inputs.enabled,
    authConfig: tookOver ? inputs.authConfig : undefined,
  });
}

function nameTakenError(
  inputs: CheckedConnectorInputs,
  existingId: string | undefined,
  conflict: ConflictError,
) {
  const which = existingId ? `connector ${existingId}` : "another connector";
  const takeOver = existingId
    ? `manage it with IntegrationState (integrationId: "${existingId}")`
    : "manage it with IntegrationState (its integrationId)";
  return new ProviderError(
    `The name "${inputs.name}" is already used by ${which}, whose app, scheme or visible authConfig differ ` +
      `from this resource's. Choose another name, delete that connector, ${takeOver}, or set ` +
      "forceNewIntegration: false to let the server hand back an existing connector of the app. " +
      `(A replacement that keeps the name needs deletionPolicy "delete".) (${conflict.message})`,
  );
}

async function readConnector(client: ApiClient, id: string, props: ConnectorOutputs) {
  const record = await getUnlessGone(client, id);
  if (!record) return { id: "" };
  const local = { ...props, authConfig: mergeVisibleAuthConfig(props.authConfig, record.authConfig) };
  return { id, props: connectorOutputs(record, local) };
}

async function updateConnector(
  client: ApiClient,
  id: string,
  olds: ConnectorOutputs,
  news: CheckedConnectorInputs,
) {
  const patch = withoutUndefined({
    enabled: compare(olds.enabled, news.enabled) === "same" ? undefined : news.enabled,
    // An authConfig removed from the program stops being managed: the remote one is left as it is.
    authConfig:
      news.authConfig === undefined || compare(olds.authConfig, news.authConfig) === "same"
        ? undefined
        : news.authConfig,
  });
  const local = localStateOf(news);
  if (Object.keys(patch).length === 0) {
    return { outs: withoutUndefined({ ...olds, ...local, lastApplied: appliedIdentity(news) }) };
  }
  await client.updateIntegration(id, patch).catch((error: unknown) => {
    throw error instanceof NotFoundError ? goneError(id, error) : error;
  });
  return { outs: connectorOutputs(await client.getIntegration(id), local) };
}

async function deleteConnector(client: ApiClient, id: string, props: ConnectorOutputs) {
  const policy = props.deletionPolicy ?? "delete";
  if (policy === "retain") return;
  const step =
    policy === "disable" ? client.updateIntegration(id, { enabled: false }) : client.deleteIntegration(id);
  // A connector that is already gone is deleted.
  await step.catch((error: unknown) => {
    if (!(error instanceof NotFoundError)) throw error;
  });
}

function goneError(id: string, notFound: NotFoundError) {
  return new ProviderError(
    `Connector ${id} no longer exists: run \`pulumi refresh\` to drop it from state, then \`pulumi up\` to ` +
      `create it again. (${notFound.message})`,
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
