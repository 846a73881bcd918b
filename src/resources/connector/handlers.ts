import {
  ConflictError,
  HandedBackError,
  NotFoundError,
  UnprovenCreateError,
  type ApiClient,
  type ConnectorRecord,
} from "../../client";
import { identityMismatches } from "./adoption";
import { AUTONAME_CANDIDATES, candidateName } from "../shared/autoname";
import { refreshAppliedKeys } from "../shared/applied-keys";
import { getUnlessGone, unlessNotFound } from "../shared/gone";
import { createClientForCall } from "../shared/client-for-call";
import { diffConnector } from "./diff";
import { checkConnectorInputs } from "./check";
import { AUTONAME_SCOPE, type CheckedConnectorInputs, type ConnectorOutputs } from "./definition";
import { connectorOutputs, currentOutputs, importedStateOf, inputsOf, localStateOf } from "./outputs";
import { compare } from "../shared/diff-rules";
import { isReadById } from "../shared/read-by-id";
import { messageOf, PartialCreateError, ProviderError, readably } from "../shared/errors";
import type { ResourceHandlers } from "../shared/types";
import { withoutUndefined } from "../shared/values";

export type ConnectorHandlers = ResourceHandlers<CheckedConnectorInputs, ConnectorOutputs>;

/**
 * The Connector's provider: creates and owns a connector. Requests per call, whatever the account holds:
 * check and diff none; create 1 POST (a PATCH more when the new connector's `enabled` must be changed; an
 * autonamed one a POST more per name it finds taken), or with `adoptId` a GET and a PATCH; read 1; update
 * 0-2; delete 0-1. After a lost response the create re-sends its POST and, on a 409, finds the holder.
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
  const { record, takenOver } =
    inputs.adoptId === undefined
      ? { record: await postConnector(client, inputs), takenOver: false }
      : { record: await adoptConnector(client, inputs.adoptId, inputs), takenOver: true };
  const outs = connectorOutputs(record, localStateOf(inputs, record.name));
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
      `Connector "${record.name}" was ${takenOver ? "adopted" : "created"} (id ${record.id}) but setting it ` +
        `up failed: ${messageOf(error)} It is kept in state; run \`pulumi up\` again to finish.`,
    );
  }
  return { id: record.id, outs: { ...outs, enabled: inputs.enabled } };
}

/**
 * POST the connector under the name the program gives, or an autonamed one under the first candidate no live
 * connector holds (../shared/autoname.ts): a 409 there means the name is taken and nothing was made.
 */
async function postConnector(client: ApiClient, inputs: CheckedConnectorInputs): Promise<ConnectorRecord> {
  if (inputs.name !== undefined) return postNamed(client, inputs, inputs.name);
  // oneWayToName (check.ts) has made sure that a connector without a name has a prefix.
  const namePrefix = inputs.namePrefix!;
  const tried: string[] = [];
  for (let k = 0; k < AUTONAME_CANDIDATES; k++) {
    const name = candidateName(namePrefix, inputs[AUTONAME_SCOPE], k);
    try {
      return await postNamed(client, inputs, name);
    } catch (error) {
      if (!(error instanceof NameTakenError)) throw error;
      tried.push(name);
    }
  }
  throw new ProviderError(
    `Connector: the ${tried.length} names derived from namePrefix "${namePrefix}" (${tried.join(", ")}) are ` +
      "all held by live connectors, disabled ones included. Nothing was created. Give the connector a name, " +
      "or another namePrefix.",
  );
}

/** An autoname's 409: a live connector holds the name, and none of this create's POSTs made anything. */
class NameTakenError extends Error {}

/**
 * POST one name. A lost response is recovered by the client only when the connector it then finds is
 * provably the one this call made (see createIntegration); a hand-back is refused there too. A 409 is never
 * taken as this resource's own: a second stack, a `--replace` that creates before it deletes, or a create
 * interrupted in an earlier run all look alike from here. For a name the program gives, it is an error that
 * names the connector and the ways to take it over; an autoname goes on to its next candidate.
 */
async function postNamed(client: ApiClient, inputs: CheckedConnectorInputs, name: string) {
  try {
    return await client.createIntegration({
      name,
      appName: inputs.appName,
      appId: inputs.appId,
      authScheme: inputs.authScheme,
      authConfig: inputs.authConfig,
      useServiceAuth: inputs.useServiceAuth,
      forceNewIntegration: inputs.forceNewIntegration,
    });
  } catch (error) {
    if (error instanceof HandedBackError) throw handBackRefused(name, error);
    if (error instanceof UnprovenCreateError) {
      const autonamed = inputs.name === undefined ? ` and name: "${name}" (in place of namePrefix)` : "";
      throw new ProviderError(
        `${error.message} If it is this stack's, set adoptId: "${error.existingId}"${autonamed}.`,
      );
    }
    if (!(error instanceof ConflictError)) throw error;
    if (inputs.name === undefined) throw new NameTakenError(error.message);
    // Names are unique among all live connectors, whatever their app: the holder may be of another app.
    const holder = await client.findIntegrationByName(name);
    throw nameTakenError(name, holder?.id, error);
  }
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

function nameTakenError(name: string, existingId: string | undefined, conflict: ConflictError) {
  const which = existingId ? `connector ${existingId}` : "another connector";
  const id = existingId ?? "<its id>";
  return new ProviderError(
    `The name "${name}" is already used by ${which}. Nothing was created. If \`pulumi up --replace\` ` +
      "(or a tainted resource) is replacing this connector, the engine creates the replacement before it " +
      "deletes the old one, and names are unique: set the resource option deleteBeforeReplace: true, or " +
      "leave name unset so that a replacement gets a fresh name. If an interrupted `pulumi up` of this " +
      "stack created it (the CLI then reports a pending CREATE), run `pulumi refresh --clear-pending-creates` " +
      `and take it over: set adoptId: "${id}" (docs/guides/recovery.md); the same ` +
      `input takes it over on purpose. To manage only its state, use IntegrationState (integrationId: "${id}"). ` +
      `Otherwise choose another name. (${conflict.message})`,
  );
}

function handBackRefused(name: string, handedBack: HandedBackError) {
  const { id, name: heldName } = handedBack.connector;
  const why = handedBack.mayBeNew
    ? `answered with connector ${id} ("${heldName}"), which its answers cannot date, so it may be one it ` +
      "already had"
    : `handed back its existing connector ${id} ("${heldName}") instead of creating one`;
  return new ProviderError(
    `Connector "${name}": with forceNewIntegration: false the service ${why}. A connector is never taken ` +
      `over silently: adopt it on purpose with adoptId: "${id}" (and name: "${heldName}"), or set ` +
      "forceNewIntegration: true.",
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
  // The name does not change in place: an autonamed connector keeps the one its create chose.
  const local = localStateOf(news, news.name ?? olds.name);
  if (Object.keys(patch).length === 0) {
    return { outs: withoutUndefined(currentOutputs({ ...olds, ...local })) };
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
