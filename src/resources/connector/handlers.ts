import {
  ConflictError,
  NotFoundError,
  UnprovenCreateError,
  type ApiClient,
  type ConnectorRecord,
} from "../../client";
import { identityMismatches } from "./adoption";
import { LiveNames } from "../shared/autoname";
import { refreshAppliedKeys } from "../shared/applied-keys";
import { getUnlessGone, unlessNotFound } from "../shared/gone";
import { createClientForCall } from "../shared/client-for-call";
import { diffConnector } from "./diff";
import { checkConnectorInputs } from "./check";
import type { CheckedConnectorInputs, ConnectorOutputs } from "./definition";
import {
  appliedIdentity,
  connectorOutputs,
  currentOutputs,
  importedStateOf,
  inputsOf,
  localStateOf,
} from "./outputs";
import { compare } from "../shared/diff-rules";
import { isReadById } from "../shared/read-by-id";
import { messageOf, PartialCreateError, ProviderError, readably } from "../shared/errors";
import type { ResourceHandlers } from "../shared/types";
import { UNKNOWN } from "../shared/unknowns";
import { withoutUndefined } from "../shared/values";

export type ConnectorHandlers = ResourceHandlers<CheckedConnectorInputs, ConnectorOutputs>;

/**
 * The Connector's provider: creates and owns a connector. Requests per call: diff none; check none, but
 * for a fresh autoname one listing of the account's connectors per process (../shared/autoname.ts);
 * create 1 POST (a PATCH more when the new connector's `enabled` must be changed, a listing more with
 * `forceNewIntegration: false`), or with `adoptId` a GET and a PATCH; read 1; update 0-2; delete 0-1.
 */
export function createConnectorHandlers(): ConnectorHandlers {
  const api = createClientForCall();
  const liveNames = new LiveNames();

  /**
   * A fresh autoname needs the names the account's live connectors hold (one listing per process, see
   * autoname.ts); any other check makes no request. On an account not known yet the name is not known yet.
   */
  async function checkConnector(olds: Record<string, unknown>, news: Record<string, unknown>) {
    const checked = checkConnectorInputs(olds, news);
    if (checked.freshName === undefined) return { inputs: checked.inputs, failures: checked.failures };
    const forNewObject = Object.keys(olds).length === 0;
    const name = api.accountKnown()
      ? await liveNames.freshName(api.client(), checked.freshName, forNewObject)
      : UNKNOWN;
    return { inputs: { ...checked.inputs, name }, failures: checked.failures };
  }

  return {
    configure: async (req) => api.configure(req.config),
    check: (olds, news) => readably(async () => withoutUndefined(await checkConnector(olds, news))),
    diff: (_id, olds, news) => readably(async () => diffConnector(olds, news)),
    create: (inputs) => readably(() => createConnector(api.client(), inputs)),
    read: (id, props) => readably(() => readConnector(api.client(), id, props)),
    update: (id, olds, news) => readably(() => updateConnector(api.client(), id, olds, news)),
    delete: (id, props) => readably(() => deleteConnector(api.client(), id, props)),
  };
}

async function createConnector(client: ApiClient, inputs: CheckedConnectorInputs) {
  const { record, takenOver } =
    inputs.adoptId === undefined
      ? { record: await postConnector(client, inputs), takenOver: false }
      : { record: await adoptConnector(client, inputs.adoptId, inputs), takenOver: true };
  const outs = connectorOutputs(record, localStateOf(inputs));
  const patch = followUpPatch(record, inputs, takenOver);
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
      `Connector "${inputs.name}" was ${takenOver ? "adopted" : "created"} (id ${record.id}) but setting it ` +
        `up failed: ${messageOf(error)} It is kept in state; run \`pulumi up\` again to finish.`,
    );
  }
  return { id: record.id, outs: { ...outs, enabled: inputs.enabled } };
}

/**
 * POST the connector. A lost response is recovered by the client only when the connector it then finds is
 * provably the one this call made (see createIntegration). A 409 is never taken as this resource's own: a
 * second stack, a `--replace` that creates before it deletes, or a create interrupted in an earlier run all
 * look alike from here, so it is an error that names the connector and the ways to take it over.
 */
async function postConnector(client: ApiClient, inputs: CheckedConnectorInputs): Promise<ConnectorRecord> {
  const existing = inputs.forceNewIntegration ? [] : await connectorsOfApp(client, inputs);
  if (existing.length > 0) throw handBackRefused(inputs, existing);
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
    // With forceNewIntegration false the server hands back an existing connector of the app instead of
    // creating one; one made between the listing above and the POST is refused all the same.
    if (record.name !== inputs.name) throw handBackRefused(inputs, [record]);
    return record;
  } catch (error) {
    if (error instanceof UnprovenCreateError) {
      throw new ProviderError(`${error.message} If it is this stack's, set adoptId: "${error.existingId}".`);
    }
    if (!(error instanceof ConflictError)) throw error;
    // Names are unique among all live connectors, whatever their app: the holder may be of another app.
    const holder = await client.findIntegrationByName(inputs.name);
    throw nameTakenError(inputs, holder?.id, error);
  }
}

/** The live connectors of the inputs' app: what `forceNewIntegration: false` would hand back. */
async function connectorsOfApp(client: ApiClient, inputs: CheckedConnectorInputs) {
  const found: { id: string; name: string }[] = [];
  for await (const item of client.listIntegrations({ appName: inputs.appName, showDisabled: true })) {
    const sameApp = inputs.appId === undefined || item.appId === inputs.appId;
    if (sameApp && item.deleted !== true) found.push(item);
  }
  return found;
}

/** `adoptId`: an existing connector taken over on purpose; it must be the one these inputs describe. */
async function adoptConnector(client: ApiClient, id: string, inputs: CheckedConnectorInputs) {
  const record = await getUnlessGone(client, id);
  if (!record) {
    throw new ProviderError(
      `adoptId "${id}": there is no live connector with that id. (adoptId is read at create time only: ` +
        "remove it once the connector is adopted, or a replacement fails here.)",
    );
  }
  const mismatches = identityMismatches(record, inputs);
  if (mismatches.length > 0) {
    throw new ProviderError(
      `adoptId "${id}": that connector is not the one these inputs describe (${mismatches.join("; ")}). ` +
        "Set the inputs to match it: a name, app, scheme or built-in-auth flag cannot be changed in place.",
    );
  }
  return record;
}

/**
 * A new connector starts enabled, so `enabled: false` needs a PATCH. An adopted connector gets the
 * authConfig too: its secret values cannot be compared, and from now on the stack's are the ones that hold.
 */
function followUpPatch(record: ConnectorRecord, inputs: CheckedConnectorInputs, takenOver: boolean) {
  return withoutUndefined({
    enabled: record.enabled === inputs.enabled ? undefined : inputs.enabled,
    authConfig: takenOver ? inputs.authConfig : undefined,
  });
}

function nameTakenError(
  inputs: CheckedConnectorInputs,
  existingId: string | undefined,
  conflict: ConflictError,
) {
  const which = existingId ? `connector ${existingId}` : "another connector";
  const id = existingId ?? "<its id>";
  return new ProviderError(
    `The name "${inputs.name}" is already used by ${which}. Nothing was created. If \`pulumi up --replace\` ` +
      "(or a tainted resource) is replacing this connector, the engine creates the replacement before it " +
      "deletes the old one, and names are unique: set the resource option deleteBeforeReplace: true, or " +
      "leave name unset so that a replacement gets a fresh name. If an interrupted `pulumi up` of this " +
      "stack created it (the CLI then reports a pending CREATE), run `pulumi refresh --clear-pending-creates` " +
      `and take it over: set adoptId: "${id}" (README, "Recovering from an interrupted create"); the same ` +
      `input takes it over on purpose. To manage only its state, use IntegrationState (integrationId: "${id}"). ` +
      `Otherwise choose another name. (${conflict.message})`,
  );
}

function handBackRefused(inputs: CheckedConnectorInputs, existing: { id: string; name: string }[]) {
  const list = existing.map((connector) => `${connector.id} ("${connector.name}")`).join(", ");
  return new ProviderError(
    `Connector "${inputs.name}": with forceNewIntegration: false the service hands back an existing ` +
      `connector of the app instead of creating one, and this app has ${list}. A connector is never taken ` +
      `over silently: adopt one on purpose with adoptId (and its name), or set forceNewIntegration: true.`,
  );
}

async function readConnector(client: ApiClient, id: string, props: ConnectorOutputs) {
  const record = await getUnlessGone(client, id);
  if (!record) return { id: "" };
  // Read by id alone (`pulumi import` sends no state): the local state is that of a connector created
  // from the record with default inputs (outputs.ts, importedStateOf).
  const known = isReadById(props) ? importedStateOf(record) : props;
  const local = { ...known, authConfig: refreshAppliedKeys(known.authConfig, record.authConfig) };
  const refreshed = connectorOutputs(record, local);
  return { id, props: refreshed, inputs: inputsOf(refreshed) };
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
    return {
      outs: withoutUndefined(currentOutputs({ ...olds, ...local, lastApplied: appliedIdentity(news) })),
    };
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
  await unlessNotFound(step);
}

function goneError(id: string, notFound: NotFoundError) {
  return new ProviderError(
    `Connector ${id} no longer exists: run \`pulumi refresh\` to drop it from state, then \`pulumi up\` to ` +
      `create it again. (${notFound.message})`,
  );
}
