import { NotFoundError, type ApiClient, type ConnectorRecord } from "../../client";
import { refreshAppliedKeys } from "../shared/applied-keys";
import { getUnlessGone, unlessNotFound } from "../shared/gone";
import { accountOf } from "../shared/account";
import { Claims, integrationObject } from "../shared/claims";
import { clientForCheck, createClientForCall } from "../shared/client-for-call";
import { compare } from "../shared/diff-rules";
import { isReadById } from "../shared/read-by-id";
import { messageOf, PartialCreateError, ProviderError, readably } from "../shared/errors";
import { checkIntegrationStateInputs } from "./check";
import type { CheckedIntegrationStateInputs, IntegrationStateOutputs } from "./definition";
import { IntegrationAuthRules, mergedAuthConfig } from "./auth-rules";
import { importedStateOf, integrationStateOutputs, priorStateOf, type PriorState } from "./outputs";
import { diffIntegrationState } from "./diff";
import type { CheckFailure, ResourceHandlers } from "../shared/types";
import { isUnknown } from "../shared/unknowns";
import { withoutUndefined } from "../shared/values";
import { warn } from "../shared/warnings";

export type IntegrationStateHandlers = ResourceHandlers<
  CheckedIntegrationStateInputs,
  IntegrationStateOutputs
>;

/**
 * The IntegrationState's provider: manages `enabled` and/or `authConfig` of an integration it does not
 * own. Requests per call: check 0-1 (the account, for its claim: once per key and process), and with a changed
 * authConfig 2 more (the integration and the apps, once per integration and process; see auth-rules.ts); diff
 * none; create 1-2 (read, then PATCH unless nothing differs); read 1; update 0-2 (with a changed authConfig a
 * read first, for the visible keys it keeps); delete 0-1.
 */
export function createIntegrationStateHandlers(): IntegrationStateHandlers {
  const api = createClientForCall();
  /** Which IntegrationState of this deployment holds each integration (../shared/claims.ts). */
  const claims = new Claims<PriorState>();
  const authRules = new IntegrationAuthRules();
  return {
    configure: async (req) => api.configure(req.config),
    check: (olds, news) =>
      readably(async () => {
        const checked = checkIntegrationStateInputs(news);
        const client = clientForCheck(api);
        if (checked.failures.length > 0 || client === undefined) return withoutUndefined(checked);
        const { integrationId, authConfig } = checked.inputs;
        // Old inputs on the same integration: the resource is in state already (see Claim.created).
        const exists = olds.integrationId === integrationId;
        const claimed = await claimIntegration(claims, client, checked.inputs, exists);
        // The authConfig in state was checked when it was applied: an unchanged stack's `up` reads nothing.
        const unchanged =
          compare(olds.integrationId, integrationId) === "same" &&
          compare(olds.authConfig, authConfig) === "same";
        const failures =
          unchanged || authConfig === undefined
            ? []
            : await authRules.failures(client, integrationId, authConfig);
        return withoutUndefined({ inputs: checked.inputs, failures: [...claimed, ...failures] });
      }),
    diff: (_id, olds, news) => readably(async () => diffIntegrationState(olds, news)),
    create: (inputs) => readably(() => createIntegrationState(api.client(), inputs, claims)),
    read: (id, props) => readably(() => readIntegrationState(api.client(), id, props)),
    update: (id, olds, news) => readably(() => updateIntegrationState(api.client(), id, olds, news)),
    delete: (id, props) => readably(() => deleteIntegrationState(api.client(), id, props, claims)),
  };
}

/** One IntegrationState per integration: the integration is claimed for this resource in this deployment. */
async function claimIntegration(
  claims: Claims<PriorState>,
  client: ApiClient,
  inputs: CheckedIntegrationStateInputs,
  exists: boolean,
): Promise<CheckFailure[]> {
  if (inputs.resourceName === undefined || isUnknown(inputs.integrationId)) return [];
  const object = integrationObject(await accountOf(client), inputs.integrationId);
  const holder = claims.claim(object, inputs.resourceName, undefined, exists);
  if (holder === undefined) return [];
  return [
    {
      property: "integrationId",
      reason:
        `integration ${inputs.integrationId} is already managed by IntegrationState "${holder}" in this stack; ` +
        "keep one IntegrationState per integration (give it both enabled and authConfig)",
    },
  ];
}

async function createIntegrationState(
  client: ApiClient,
  inputs: CheckedIntegrationStateInputs,
  claims: Claims<PriorState>,
) {
  const id = inputs.integrationId;
  const record = await client.getIntegration(id).catch((error: unknown) => {
    throw error instanceof NotFoundError ? unknownIntegrationError(id, error.message) : error;
  });
  if (record.deleted) throw unknownIntegrationError(id, "it is deleted");
  // A predecessor deleted first (a replacement on the same integration) left the integration as it set it and
  // handed over what it found: that is the state before any stack, not the predecessor's own values.
  const claim = claims.created(integrationObject(await accountOf(client), id));
  const prior = claim?.handedOver ?? priorStateFound(record, inputs);
  // authConfig is always sent when managed: the server's copy is redacted, so it cannot be compared.
  const patch = withoutUndefined({
    enabled: inputs.enabled === record.enabled ? undefined : inputs.enabled,
    authConfig:
      inputs.authConfig === undefined ? undefined : mergedAuthConfig(record.authConfig, inputs.authConfig),
  });
  if (Object.keys(patch).length > 0) {
    await client.updateIntegration(id, patch).catch((error: unknown) => {
      // The integration is now touched (the PATCH may have landed before its answer was lost): keep the
      // resource in state with the value it found, and with nothing recorded as applied, so that the next
      // `up` applies it again instead of reading the managed value back as the prior one.
      const found = { ...inputs, enabled: inputs.enabled === undefined ? undefined : record.enabled };
      throw new PartialCreateError(
        id,
        integrationStateOutputs({ ...found, authConfig: undefined }, prior),
        `IntegrationState of "${id}": setting ${Object.keys(patch).join(" and ")} failed: ${messageOf(error)} ` +
          "It is kept in state; run `pulumi up` again to finish.",
      );
    });
  }
  return { id, outs: integrationStateOutputs(inputs, prior) };
}

/**
 * What the integration holds before this resource changes it. With a managed authConfig: its visible keys,
 * and the keys this resource sets that the service did not show (secrets, whose prior values are unknowable).
 */
function priorStateFound(record: ConnectorRecord, inputs: CheckedIntegrationStateInputs): PriorState {
  if (inputs.authConfig === undefined) return { enabled: record.enabled };
  const visible = record.authConfig ?? {};
  return {
    enabled: record.enabled,
    authConfig: visible,
    unrestorableKeys: Object.keys(inputs.authConfig).filter((key) => !Object.hasOwn(visible, key)),
  };
}

async function readIntegrationState(client: ApiClient, id: string, stored: IntegrationStateOutputs) {
  const record = await getUnlessGone(client, id);
  if (!record) return { id: "" };
  // Read by id alone (`pulumi import`): the state of a resource that found the integration as it is.
  const props = isReadById(stored) ? importedStateOf(id, record) : stored;
  const refreshed = {
    ...props,
    enabled: props.enabled === undefined ? undefined : record.enabled,
    authConfig: refreshAppliedKeys(props.authConfig, record.authConfig),
  };
  const outputs = integrationStateOutputs(refreshed, priorStateOf(props));
  // The refreshed values become the inputs too, so that an input under ignoreChanges keeps what a refresh
  // found (see inputsOf in connector-outputs.ts).
  const {
    priorEnabled: _priorEnabled,
    priorAuthConfig: _priorAuthConfig,
    unrestorableKeys: _unrestorableKeys,
    ...inputs
  } = outputs;
  return { id, props: outputs, inputs };
}

async function updateIntegrationState(
  client: ApiClient,
  id: string,
  olds: IntegrationStateOutputs,
  news: CheckedIntegrationStateInputs,
) {
  // A field removed from the program stops being managed: its remote value is left as it is.
  const authConfigChanged =
    news.authConfig !== undefined && compare(olds.authConfig, news.authConfig) !== "same";
  const patch = withoutUndefined({
    enabled:
      news.enabled === undefined || compare(olds.enabled, news.enabled) === "same" ? undefined : news.enabled,
    authConfig:
      news.authConfig === undefined || !authConfigChanged
        ? undefined
        : mergedAuthConfig((await currentRecord(client, id)).authConfig, news.authConfig),
  });
  if (Object.keys(patch).length > 0) {
    await client.updateIntegration(id, patch).catch((error: unknown) => {
      throw error instanceof NotFoundError ? unknownIntegrationError(id, error.message) : error;
    });
  }
  return { outs: integrationStateOutputs(news, priorStateOf(olds)) };
}

function currentRecord(client: ApiClient, id: string): Promise<ConnectorRecord> {
  return client.getIntegration(id).catch((error: unknown) => {
    throw error instanceof NotFoundError ? unknownIntegrationError(id, error.message) : error;
  });
}

/**
 * Puts back what the resource found (`onDelete: "restore"`), unless an IntegrationState checked in this
 * deployment holds the integration now (a rename, a move or a replacement: ../shared/claims.ts).
 */
async function deleteIntegrationState(
  client: ApiClient,
  id: string,
  props: IntegrationStateOutputs,
  claims: Claims<PriorState>,
) {
  const patch = props.onDelete === "restore" ? restoringPatch(props) : {};
  const object = integrationObject(await accountOf(client), id);
  const claim = claims.get(object);
  if (claim !== undefined) {
    if (!claim.created) claims.handOver(object, priorStateOf(props));
    else if (Object.keys(patch).length > 0) await warn(unrestoredWarning(id, props, claim.holder));
    return;
  }
  if (Object.keys(patch).length === 0) return;
  // An integration that is gone has nothing left to restore.
  await unlessNotFound(client.updateIntegration(id, patch));
}

function restoringPatch(props: IntegrationStateOutputs) {
  return withoutUndefined({
    enabled:
      props.enabled !== undefined && props.enabled !== props.priorEnabled ? props.priorEnabled : undefined,
    authConfig: restoredAuthConfig(props),
  });
}

function unrestoredWarning(id: string, props: IntegrationStateOutputs, holder: string): string {
  const what = [
    props.enabled !== undefined && props.enabled !== props.priorEnabled
      ? `enabled: ${props.priorEnabled}`
      : "",
    props.priorAuthConfig !== undefined ? "the authConfig keys it found" : "",
  ]
    .filter((part) => part !== "")
    .join(" and ");
  return (
    `IntegrationState "${props.resourceName ?? id}" was deleted without putting back what it found on ` +
    `integration ${id} (${what}): IntegrationState "${holder}" manages the integration in this update and keeps ` +
    "it as it is. No resource puts those values back any more. To rename or move an IntegrationState, give the " +
    "new one `aliases` (docs/guides/renaming-and-moving.md); a replacement that deletes first " +
    "(`deleteBeforeReplace: true`) carries them over."
  );
}

/**
 * The authConfig `onDelete: "restore"` sends: the visible keys found before, and the secret keys this
 * resource set (`unrestorableKeys`) as it set them, since their prior values were never shown and a PATCH
 * without them would erase them. Undefined when authConfig was not managed, or by a state written before
 * the prior keys were recorded (nothing known to restore).
 */
function restoredAuthConfig(props: IntegrationStateOutputs): Record<string, unknown> | undefined {
  if (props.authConfig === undefined || props.priorAuthConfig === undefined) return undefined;
  const secretsKept = Object.fromEntries(
    (props.unrestorableKeys ?? [])
      .filter((key) => Object.hasOwn(props.authConfig ?? {}, key))
      .map((key) => [key, props.authConfig?.[key]]),
  );
  return { ...secretsKept, ...props.priorAuthConfig };
}

function unknownIntegrationError(id: string, why: string) {
  return new ProviderError(
    `Integration "${id}" cannot be managed: ${why}. IntegrationState manages an existing integration; ` +
      "check integrationId (use a Connector to create one).",
  );
}
