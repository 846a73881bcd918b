import { isLostResponse, type ActiveTrigger, type ApiClient } from "../../client";
import { unstoppable } from "../../client/stopping";
import { sameAfterNormalisation } from "../../client/normalisation";
import { refreshAppliedKeys } from "../shared/applied-keys";
import { clientForCheck, createClientForCall } from "../shared/client-for-call";
import { unlessNotFound } from "../shared/gone";
import { isReadById } from "../shared/read-by-id";
import { anyChange, compare, replacingFields } from "../shared/diff-rules";
import { messageOf, PartialCreateError, ProviderError, readably } from "../shared/errors";
import { TriggerConfigRules } from "./config-rules";
import { checkTriggerInstanceFields } from "./check";
import type { CheckedTriggerInstanceInputs, TriggerInstanceOutputs } from "./definition";
import type { DiffResult, ResourceHandlers } from "../shared/types";
import { isUnknown } from "../shared/unknowns";
import { withoutUndefined } from "../shared/values";

export type TriggerInstanceHandlers = ResourceHandlers<CheckedTriggerInstanceInputs, TriggerInstanceOutputs>;

/**
 * The TriggerInstance's provider. The service identifies an instance by account, trigger and config, and
 * its enable route is an upsert: sent blindly, it would take over (and re-enable) an instance that another
 * stack, or a person, made. So create first looks for such an instance and refuses it by name (`adoptId`
 * takes one over on purpose), and an answer `isNew: false` is never taken as this resource's.
 *
 * Requests per call: check 0-1 (the trigger's config schema, once per trigger and process); diff none;
 * create 2 (look-up, enable), 3 with `enabled: false` (then a status PATCH), 2 more after a lost response (a
 * look-up, the enable again); read 1; update 0-1; delete 1.
 */
export function createTriggerInstanceHandlers(): TriggerInstanceHandlers {
  const api = createClientForCall();
  const configRules = new TriggerConfigRules();
  return {
    configure: async (req) => api.configure(req.config),
    check: (_olds, news) =>
      readably(async () => {
        const checked = checkTriggerInstanceFields(news);
        if (checked.failures.length > 0) return checked;
        const { triggerName, triggerConfig } = checked.inputs;
        const client = clientForCheck(api);
        // Without settings, the first write reports them; values not known yet are checked once known.
        if (client === undefined || isUnknown(triggerName) || isUnknown(triggerConfig)) {
          return withoutUndefined(checked);
        }
        const failures = await configRules.failures(client, triggerName, triggerConfig);
        return withoutUndefined({ inputs: checked.inputs, failures });
      }),
    diff: (_id, olds, news) => readably(async () => diffTriggerInstance(olds, news)),
    create: (inputs) => readably(() => createTriggerInstance(api.client(), inputs)),
    read: (id, props) => readably(() => readTriggerInstance(api.client(), id, props)),
    update: (id, olds, news) => readably(() => updateTriggerInstance(api.client(), id, olds, news)),
    delete: (id) => readably(() => deleteTriggerInstance(api.client(), id)),
  };
}

function diffTriggerInstance(olds: TriggerInstanceOutputs, news: CheckedTriggerInstanceInputs): DiffResult {
  const replaceFields = {
    connectedAccountId: compare(olds.connectedAccountId, news.connectedAccountId),
    triggerName: compare(olds.triggerName, news.triggerName),
    triggerConfig: compare(olds.triggerConfig, news.triggerConfig),
  };
  const updateFields = { enabled: compare(olds.enabled, news.enabled) };
  const recordedFields = { adoptId: compare(olds.adoptId, news.adoptId) };
  return {
    changes: anyChange(replaceFields, updateFields, recordedFields),
    replaces: replacingFields(replaceFields),
    // A replacement has another account, trigger or config: another instance, which can exist beside the
    // old one, so events keep flowing while it is made (create first).
    deleteBeforeReplace: false,
  };
}

async function createTriggerInstance(client: ApiClient, inputs: CheckedTriggerInstanceInputs) {
  if (inputs.adoptId !== undefined) return adoptTriggerInstance(client, inputs.adoptId, inputs);
  // The look-up before the enable is also the evidence a lost response is weighed against (enableOnce).
  const existing = await findSameInstance(client, inputs);
  if (existing) throw alreadyExistsError(existing, inputs);
  const id = await enableOnce(client, inputs);
  if (!inputs.enabled) await disableNew(client, id, inputs);
  return { id, outs: withoutUndefined(inputs) };
}

/**
 * The enable POST, sent once more only when its response was lost and no instance appeared. The look-up before
 * it found no instance of this account, trigger and config, so one that appears during this call is this
 * call's: found after a lost response, or answered `isNew: false` to the second request (the first one
 * committed after its response was lost). No clock is compared. An answer `isNew: false` to the first request
 * is another's, made between the look-up and the enable, and is named, never taken. Limit: another owner's
 * enable of this very instance inside the same window also passes; nothing the service shows tells them apart.
 */
async function enableOnce(client: ApiClient, inputs: CheckedTriggerInstanceInputs): Promise<string> {
  const { connectedAccountId, triggerName, triggerConfig } = inputs;
  let lostBefore = false;
  for (;;) {
    let answer;
    try {
      answer = await client.enableTrigger(connectedAccountId, triggerName, triggerConfig);
    } catch (error) {
      if (!isLostResponse(error)) throw error;
      // The enable may have landed: decided by this look-up whatever stops the call (Cancel, a timeout).
      const landed = await unstoppable(() => findSameInstance(client, inputs));
      if (landed) return landed.id;
      if (lostBefore) throw error;
      lostBefore = true;
      continue;
    }
    if (answer.isNew !== false || lostBefore) return answer.triggerId;
    const instance = await client.getTriggerInstance(answer.triggerId);
    throw alreadyExistsError(instance ?? { id: answer.triggerId }, inputs);
  }
}

/** `enabled: false` is a second request: if it fails, the instance exists and is kept in state, enabled. */
async function disableNew(client: ApiClient, id: string, inputs: CheckedTriggerInstanceInputs) {
  await client.setTriggerInstanceEnabled(id, false).catch((error: unknown) => {
    throw new PartialCreateError(
      id,
      withoutUndefined({ ...inputs, enabled: true }),
      `TriggerInstance ${id} was created but disabling it failed: ${messageOf(error)} ` +
        "It is kept in state (enabled); run `pulumi up` again to finish.",
    );
  });
}

async function adoptTriggerInstance(client: ApiClient, id: string, inputs: CheckedTriggerInstanceInputs) {
  const instance = await client.getTriggerInstance(id);
  if (!instance) throw new ProviderError(`TriggerInstance: adoptId "${id}" names no trigger instance.`);
  const mismatches = identityMismatches(instance, inputs);
  if (mismatches.length > 0) {
    throw new ProviderError(
      `TriggerInstance: instance ${id} cannot be adopted with these inputs: ${mismatches.join("; ")}. ` +
        "Adopting does not change them (they identify the instance); set the inputs to its values.",
    );
  }
  if (isEnabled(instance) !== inputs.enabled) await client.setTriggerInstanceEnabled(id, inputs.enabled);
  return { id, outs: withoutUndefined(inputs) };
}

async function readTriggerInstance(client: ApiClient, id: string, props: TriggerInstanceOutputs) {
  const instance = await client.getTriggerInstance(id);
  if (!instance) return { id: "" };
  const outputs = withoutUndefined({
    ...props,
    connectedAccountId: instance.connectionId,
    triggerName: instance.triggerName,
    // Only the keys this stack set are compared (the rule of applied-keys.ts): a key the service adds is
    // not drift, one it changed is. Read by id alone (`pulumi import`), the instance's own config is taken.
    triggerConfig: isReadById(props)
      ? instance.triggerConfig
      : (refreshAppliedKeys(props.triggerConfig, instance.triggerConfig) ?? {}),
    enabled: isEnabled(instance),
  });
  // The refreshed values become the inputs too, so that ignoreChanges keeps what a refresh found.
  return { id, props: outputs, inputs: outputs };
}

async function updateTriggerInstance(
  client: ApiClient,
  id: string,
  olds: TriggerInstanceOutputs,
  news: CheckedTriggerInstanceInputs,
) {
  if (olds.enabled !== news.enabled) await client.setTriggerInstanceEnabled(id, news.enabled);
  return { outs: withoutUndefined(news) };
}

async function deleteTriggerInstance(client: ApiClient, id: string) {
  // Already gone (deleted by hand, or with its account): nothing is left to delete.
  await unlessNotFound(client.deleteTriggerInstance(id));
}

/** The instance the service would update instead of creating one: same account, trigger and config. */
async function findSameInstance(client: ApiClient, inputs: CheckedTriggerInstanceInputs) {
  const candidates = client.activeTriggers({
    connectedAccountIds: [inputs.connectedAccountId],
    triggerNames: [inputs.triggerName],
    showDisabled: true,
  });
  for await (const instance of candidates) {
    if (identityMismatches(instance, inputs).length === 0) return instance;
  }
  return undefined;
}

function identityMismatches(instance: ActiveTrigger, inputs: CheckedTriggerInstanceInputs): string[] {
  return [
    instance.connectionId === inputs.connectedAccountId
      ? undefined
      : `its account is ${instance.connectionId}, not ${inputs.connectedAccountId}`,
    instance.triggerName === inputs.triggerName
      ? undefined
      : `its trigger is ${instance.triggerName}, not ${inputs.triggerName}`,
    sameAfterNormalisation(inputs.triggerConfig, instance.triggerConfig)
      ? undefined
      : "its triggerConfig differs",
  ].filter((mismatch): mismatch is string => mismatch !== undefined);
}

const isEnabled = (instance: ActiveTrigger): boolean =>
  instance.disabledAt === null || instance.disabledAt === undefined;

function alreadyExistsError(instance: { id: string }, inputs: CheckedTriggerInstanceInputs) {
  return new ProviderError(
    `TriggerInstance: an instance of ${inputs.triggerName} with this account and triggerConfig already ` +
      `exists: ${instance.id}. It is not taken over silently (another stack or a person may own it). To ` +
      `manage it from this stack, set adoptId: "${instance.id}"; if it is this resource's own (pulumi up ` +
      "--replace), give the resource the deleteBeforeReplace option; otherwise change triggerConfig.",
  );
}
