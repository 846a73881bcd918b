import { z } from "zod";
import type { ApiClient } from "../../client";
import { SettingsError } from "../../settings";
import { createClientForCall } from "../shared/client-for-call";
import { anyChange, compare } from "../shared/diff-rules";
import { messageOf, PartialCreateError, ProviderError, readably } from "../shared/errors";
import { isReadById } from "../shared/read-by-id";
import { checkInputs } from "../shared/input-rules";
import type { CheckFailure, DiffResult, ResourceHandlers } from "../shared/types";
import { withoutUndefined } from "../shared/values";
import {
  triggerWebhookDefinition,
  type CheckedTriggerWebhookInputs,
  type TriggerWebhookOutputs,
} from "./definition";

export type TriggerWebhookHandlers = ResourceHandlers<CheckedTriggerWebhookInputs, TriggerWebhookOutputs>;

/** The service keeps one callback URL per tenant: the resource's id says what it manages. */
const WEBHOOK_ID = "callback-url";

/**
 * The TriggerWebhook's provider: the tenant's one callback URL. Requests per call: check and diff none;
 * create 1-2 (client_info, then set unless equal); read 1; update 0-1; delete 0-2 (restore: read, then
 * set back only if the URL is still this resource's).
 */
export function createTriggerWebhookHandlers(): TriggerWebhookHandlers {
  const api = createClientForCall();
  /**
   * Which resource holds each tenant's callback URL in this run: a second TriggerWebhook of the same
   * tenant would fight the first over its one URL, so its check fails, at preview. One process checks
   * every resource of the program: the engine loads one default provider per package and deployment
   * (pulumi/pulumi pkg/resource/deploy/default_providers.go, `defaultProviders.providers`), and every
   * dynamic resource is of the package `pulumi-nodejs`.
   */
  const holders = new Map<string, string>();
  /**
   * The prior URL of webhooks this process has let go, by tenant: a replacement (`up --replace`) deletes
   * first (the resource's default option), and the new half takes over what the old half found, rather
   * than the URL the old half set (which "retain" leaves), as IntegrationState does.
   */
  const released = new Map<string, string | null>();
  return {
    configure: async (req) => api.configure(req.config),
    check: (_olds, news) =>
      readably(async () => {
        const checked = checkInputs<CheckedTriggerWebhookInputs>(
          triggerWebhookDefinition.inputs,
          news,
          () => [],
        );
        if (checked.failures.length > 0) return checked;
        return { inputs: checked.inputs, failures: claimTenant(holders, api.client, checked.inputs) };
      }),
    diff: (_id, olds, news) => readably(async () => diffTriggerWebhook(olds, news)),
    create: (inputs) => readably(() => createWebhook(api.client(), inputs, released)),
    read: (id, props) => readably(() => readWebhook(api.client(), id, props)),
    update: (_id, olds, news) => readably(() => updateWebhook(api.client(), olds, news)),
    delete: (_id, props) => readably(() => deleteWebhook(api.client(), props, released)),
  };
}

function claimTenant(
  holders: Map<string, string>,
  client: () => ApiClient,
  inputs: CheckedTriggerWebhookInputs,
): CheckFailure[] {
  let tenant: string;
  try {
    tenant = client().identity;
  } catch (error) {
    if (error instanceof SettingsError) return [];
    throw error;
  }
  const holder = holders.get(tenant);
  if (holder === undefined || holder === inputs.resourceName) {
    holders.set(tenant, inputs.resourceName);
    return [];
  }
  return [
    {
      property: "url",
      reason:
        `the account has one callback URL, already managed by TriggerWebhook "${holder}" in this stack; ` +
        "keep one TriggerWebhook per account",
    },
  ];
}

function diffTriggerWebhook(olds: TriggerWebhookOutputs, news: CheckedTriggerWebhookInputs): DiffResult {
  const updateFields = { url: compare(olds.url, news.url) };
  const recordedFields = {
    onDelete: compare(olds.onDelete, news.onDelete),
    resourceName: compare(olds.resourceName, news.resourceName),
  };
  return { changes: anyChange(updateFields, recordedFields), replaces: [], deleteBeforeReplace: true };
}

async function createWebhook(
  client: ApiClient,
  inputs: CheckedTriggerWebhookInputs,
  released: Map<string, string | null>,
) {
  const found = await client.getWebhookSettings();
  const handedOver = released.get(client.identity);
  released.delete(client.identity);
  const priorUrl = handedOver === undefined ? found.webhookURL : (handedOver ?? undefined);
  const webhookSecret = found.webhookSecret ?? "";
  if (found.webhookURL !== inputs.url) {
    await client.setCallbackUrl(inputs.url).catch((error: unknown) => {
      // The URL may have been set before the answer was lost: keep the resource with what it found, so
      // that the next `up` sets it again and `priorUrl` is never read back as this resource's own URL.
      throw new PartialCreateError(
        WEBHOOK_ID,
        outputs({ ...inputs, url: found.webhookURL ?? inputs.url }, webhookSecret, priorUrl),
        `TriggerWebhook: setting the callback URL failed: ${messageOf(error)} ` +
          "It is kept in state; run `pulumi up` again to finish.",
      );
    });
  }
  return { id: WEBHOOK_ID, outs: outputs(inputs, webhookSecret, priorUrl) };
}

async function readWebhook(client: ApiClient, id: string, stored: TriggerWebhookOutputs) {
  const byId = isReadById(stored);
  if (byId && id !== WEBHOOK_ID) {
    throw new ProviderError(
      `TriggerWebhook: import it by the id "${WEBHOOK_ID}" (the account has one callback URL), not "${id}".`,
    );
  }
  const found = await client.getWebhookSettings();
  // No callback URL at all: nothing of this resource is left (the next `up` sets it again).
  if (found.webhookURL === undefined) return { id: "" };
  // Read by id alone (`pulumi import`): a webhook that found the URL as it is, which "restore" would put back.
  const props = byId ? importedStateOf(found.webhookURL) : stored;
  const refreshed = outputs(
    { ...props, url: found.webhookURL },
    found.webhookSecret ?? props.webhookSecret,
    props.priorUrl,
  );
  const { webhookSecret: _secret, priorUrl: _prior, ...inputs } = refreshed;
  return { id, props: refreshed, inputs };
}

async function updateWebhook(
  client: ApiClient,
  olds: TriggerWebhookOutputs,
  news: CheckedTriggerWebhookInputs,
) {
  if (olds.url !== news.url) await client.setCallbackUrl(news.url);
  return { outs: outputs(news, olds.webhookSecret, olds.priorUrl) };
}

async function deleteWebhook(
  client: ApiClient,
  props: TriggerWebhookOutputs,
  released: Map<string, string | null>,
) {
  released.set(client.identity, props.priorUrl ?? null);
  // The API cannot unset a callback URL: with none before, the URL stays (the README says so).
  if (props.onDelete !== "restore" || props.priorUrl === undefined || props.priorUrl === props.url) return;
  // Someone who set another URL since is not overruled.
  if ((await client.getCallbackUrl()) !== props.url) return;
  await client.setCallbackUrl(props.priorUrl);
}

/**
 * The state of a TriggerWebhook imported by its id: the account's URL, found as it is (`priorUrl`), and the
 * default `onDelete`. `resourceName` is the resource's logical name, which only the front end knows: the
 * plugin sets it from the URN, as its check does.
 */
function importedStateOf(url: string): TriggerWebhookOutputs {
  const defaults = z.object(triggerWebhookDefinition.inputs).pick({ onDelete: true }).parse({});
  const state: Omit<TriggerWebhookOutputs, "resourceName"> = {
    url,
    onDelete: defaults.onDelete,
    webhookSecret: "",
    priorUrl: url,
  };
  return state as TriggerWebhookOutputs;
}

function outputs(
  inputs: CheckedTriggerWebhookInputs,
  webhookSecret: string,
  priorUrl: string | undefined,
): TriggerWebhookOutputs {
  return withoutUndefined({ ...inputs, webhookSecret, priorUrl });
}
