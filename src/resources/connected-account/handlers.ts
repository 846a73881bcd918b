import { LostAccountCreateError, type ApiClient, type ConnectedAccount } from "../../client";
import { AccountFieldRules } from "./field-rules";
import { clientForCheck, createClientForCall } from "../shared/client-for-call";
import { unlessNotFound } from "../shared/gone";
import { isReadById } from "../shared/read-by-id";
import { anyChange, compare, replacingFields } from "../shared/diff-rules";
import { ProviderError, readably } from "../shared/errors";
import { checkConnectedAccountInputs } from "./check";
import type { CheckedConnectedAccountInputs, ConnectedAccountOutputs } from "./definition";
import type { DiffResult, ResourceHandlers } from "../shared/types";
import { withoutUndefined } from "../shared/values";

export type ConnectedAccountHandlers = ResourceHandlers<
  CheckedConnectedAccountInputs,
  ConnectedAccountOutputs
>;

const REPLACING_INPUTS = ["integrationId", "data", "labels", "entityId", "redirectUri"] as const;
const RECORDED_INPUTS = ["adoptId"] as const;

/**
 * The ConnectedAccount's provider. Requests per call: check 0-1 (its connector's expectedInputFields, once
 * per connector and process, and none while connector and data are those in state; see
 * field-rules.ts); diff none; create 1 (the POST; a listing of the connector's accounts more after a lost
 * response);
 * read 1; update none (every change replaces); delete 1.
 */
export function createConnectedAccountHandlers(): ConnectedAccountHandlers {
  const api = createClientForCall();
  const fieldRules = new AccountFieldRules();
  return {
    configure: async (req) => api.configure(req.config),
    check: (olds, news) =>
      readably(async () => {
        const checked = checkConnectedAccountInputs(news);
        const { integrationId, data } = checked.inputs;
        // The same connector and data as the account in state was made with: the service took them then,
        // so an unchanged stack's `up` reads nothing. (An account imported by id has no `data` in its stored
        // inputs: none given is the same, and the import's own check makes no request.)
        const unchanged =
          compare(olds.integrationId, integrationId) === "same" && compare(olds.data ?? {}, data) === "same";
        const client = unchanged ? undefined : clientForCheck(api);
        if (checked.failures.length > 0 || client === undefined) return withoutUndefined(checked);
        const failures = await fieldRules.failures(client, integrationId, data);
        return withoutUndefined({ inputs: checked.inputs, failures });
      }),
    diff: (_id, olds, news) => readably(async () => diffConnectedAccount(olds, news)),
    create: (inputs) => readably(() => createConnectedAccount(api.client(), inputs)),
    read: (id, props) => readably(() => readConnectedAccount(api.client(), id, props)),
    // Every input replaces: only adoptId (recorded) or the `connection` key (same account) updates, sending nothing.
    update: (_id, olds, news) =>
      readably(async () => ({
        outs: withoutUndefined({
          ...news,
          status: olds.status,
          redirectUrl: olds.redirectUrl,
          appName: olds.appName,
        }),
      })),
    delete: (id) => readably(() => deleteConnectedAccount(api.client(), id)),
  };
}

function diffConnectedAccount(
  olds: ConnectedAccountOutputs,
  news: CheckedConnectedAccountInputs,
): DiffResult {
  // An account imported by id has no `data` in state (the service never shows it): the program's is recorded
  // by an update that sends nothing, never taken for new credentials. Only such a state lacks `data`.
  const dataUnread = olds.data === undefined;
  const replacing = REPLACING_INPUTS.filter((key) => !(dataUnread && key === "data"));
  const replaceFields = Object.fromEntries(replacing.map((key) => [key, compare(olds[key], news[key])]));
  const recordedFields = Object.fromEntries([
    ...RECORDED_INPUTS.map((key) => [key, compare(olds[key], news[key])]),
    ...(dataUnread ? [["data", compare({}, news.data)]] : []),
  ]);
  return {
    changes: anyChange(replaceFields, recordedFields),
    replaces: replacingFields(replaceFields),
    // Accounts have no unique key: the new one can exist beside the old one.
    deleteBeforeReplace: false,
  };
}

async function createConnectedAccount(client: ApiClient, inputs: CheckedConnectedAccountInputs) {
  if (inputs.adoptId !== undefined) return adoptConnectedAccount(client, inputs.adoptId, inputs);
  const body = withoutUndefined({
    integrationId: inputs.integrationId,
    data: inputs.data,
    labels: inputs.labels,
    entityId: inputs.entityId,
    redirectUri: inputs.redirectUri,
  });
  let created;
  try {
    created = await client.createConnectedAccount(body);
  } catch (error) {
    if (error instanceof LostAccountCreateError) throw lostCreateError(inputs, error.candidateIds);
    throw error;
  }
  return {
    id: created.connectedAccountId,
    outs: withoutUndefined({
      ...inputs,
      status: created.connectionStatus ?? "ACTIVE",
      redirectUrl: created.redirectUrl,
    }),
  };
}

/**
 * After a lost response, no account is ever taken as this resource's: accounts have no unique key, so
 * nothing proves which one the POST made. An account of the same connector (and entity) made since the POST
 * left, by the service's clock (the client's LostAccountCreateError), may be another resource's of the same
 * `pulumi up` (the engine runs steps in parallel) or someone else's, and taking it would make two resources
 * own one account (deleting either deletes both). None found: the POST did not land, the error stands and
 * the next `up` tries again. Otherwise the error names them, so that the one this POST made can be adopted
 * on purpose (adoptId) or deleted.
 */
function lostCreateError(inputs: CheckedConnectedAccountInputs, ids: string[]): ProviderError {
  return new ProviderError(
    `ConnectedAccount: the create's response was lost, and ${ids.length} account(s) of integration ` +
      `${inputs.integrationId} were created since it was sent: ${ids.join(", ")}. None was taken as this ` +
      "resource's: accounts have no unique key, so nothing proves which one this request made (another " +
      `resource of the same update may have made it). If one is this resource's, set adoptId: "${ids[0]}" ` +
      "(its id) and run `pulumi up`; delete any that nobody owns.",
  );
}

async function adoptConnectedAccount(client: ApiClient, id: string, inputs: CheckedConnectedAccountInputs) {
  const account = await unlessNotFound(client.getConnectedAccount(id));
  if (!account) throw new ProviderError(`ConnectedAccount: adoptId "${id}" names no account.`);
  const mismatches = [
    account.integrationId === undefined || account.integrationId === inputs.integrationId
      ? undefined
      : `its connector is ${account.integrationId}, not ${inputs.integrationId}`,
    inputs.entityId === undefined || account.entityId === inputs.entityId
      ? undefined
      : `its entityId is ${String(account.entityId)}, not ${inputs.entityId}`,
  ].filter((mismatch): mismatch is string => mismatch !== undefined);
  if (mismatches.length > 0) {
    throw new ProviderError(`ConnectedAccount: account ${id} cannot be adopted: ${mismatches.join("; ")}.`);
  }
  return { id, outs: outputsOf(inputs, account) };
}

async function readConnectedAccount(client: ApiClient, id: string, stored: ConnectedAccountOutputs) {
  const account = await unlessNotFound(client.getConnectedAccount(id));
  if (!account) return { id: "" };
  // Read by id alone (`pulumi import`): what the service shows of the account's inputs, without `data`.
  const props = isReadById(stored) ? importedInputsOf(id, account) : stored;
  const outputs = outputsOf(props, account);
  // The refreshed values become the inputs too, so that ignoreChanges keeps what a refresh found.
  const { status: _status, redirectUrl: _redirectUrl, appName: _appName, ...inputs } = outputs;
  // Without `data` only for an import: the engine stores these as the inputs, and check then defaults it.
  return { id, props: outputs, inputs: inputs as CheckedConnectedAccountInputs };
}

/**
 * The inputs of an account imported by id, as far as the service shows them: its connector, its entity (the
 * service's default included: an account is never moved to another by omission) and its labels (none: left
 * out). `data` is left out: the service never shows credentials (see diffConnectedAccount).
 */
function importedInputsOf(id: string, account: ConnectedAccount) {
  if (account.integrationId === undefined) {
    throw new ProviderError(
      `ConnectedAccount ${id} cannot be imported: the service does not say which connector it belongs to.`,
    );
  }
  return withoutUndefined({
    integrationId: account.integrationId,
    entityId: account.entityId,
    labels: account.labels?.length ? account.labels : undefined,
  }) as ConnectedAccountOutputs;
}

/** The stack's inputs with what the service shows of the account (it never shows `data`). */
function outputsOf(
  inputs: Omit<CheckedConnectedAccountInputs, "data"> & {
    data?: Record<string, unknown>;
    redirectUrl?: string;
  },
  account: ConnectedAccount,
) {
  return withoutUndefined({
    ...inputs,
    integrationId: account.integrationId ?? inputs.integrationId,
    entityId: inputs.entityId === undefined ? undefined : (account.entityId ?? inputs.entityId),
    status: account.status ?? "ACTIVE",
    appName: account.appName,
  }) as ConnectedAccountOutputs;
}

async function deleteConnectedAccount(client: ApiClient, id: string) {
  await unlessNotFound(client.deleteConnectedAccount(id));
}
