import { z } from "zod";
import type { ApiClient } from "../../client";
import { pause, unstoppable } from "../../client/stopping";
import { accountOf } from "../shared/account";
import { callbackUrlObject, Claims } from "../shared/claims";
import { clientForCheck, createClientForCall } from "../shared/client-for-call";
import { anyChange, compare } from "../shared/diff-rules";
import { messageOf, PartialCreateError, ProviderError, readably } from "../shared/errors";
import { isReadById } from "../shared/read-by-id";
import { checkInputs } from "../shared/input-rules";
import type { CheckFailure, DiffResult, ResourceHandlers } from "../shared/types";
import { withoutUndefined } from "../shared/values";
import { warn } from "../shared/warnings";
import {
  triggerWebhookDefinition,
  type CheckedTriggerWebhookInputs,
  type TriggerWebhookOutputs,
} from "./definition";

export type TriggerWebhookHandlers = ResourceHandlers<CheckedTriggerWebhookInputs, TriggerWebhookOutputs>;

/** The service keeps one callback URL per tenant: the resource's id says what it manages. */
const WEBHOOK_ID = "callback-url";

/** What a TriggerWebhook's check read of the account's URL (see Claim.seen), and what a predecessor hands over. */
interface SeenUrl {
  url: string | undefined;
}
interface FoundBefore {
  priorUrl: string | undefined;
}

/**
 * The TriggerWebhook's provider: the tenant's one callback URL. Requests per call: check 0-2 (the account, once
 * per key and process, and the URL); diff none; create 1-3 (client_info, then set and read back unless equal); read 1;
 * update 0-1; delete 0-2 (restore: read, then set back only if the URL is still this resource's).
 */
export function createTriggerWebhookHandlers(): TriggerWebhookHandlers {
  const api = createClientForCall();
  /** Which TriggerWebhook of this deployment holds each account's URL (../shared/claims.ts). */
  const claims = new Claims<FoundBefore>();
  return {
    configure: async (req) => api.configure(req.config),
    check: (olds, news) =>
      readably(async () => {
        const checked = checkInputs<CheckedTriggerWebhookInputs>(
          triggerWebhookDefinition.inputs,
          news,
          () => [],
        );
        const client = clientForCheck(api);
        if (checked.failures.length > 0 || client === undefined) return checked;
        // Old inputs: the resource is in state already (see Claim.created).
        const exists = olds.url !== undefined;
        return {
          inputs: checked.inputs,
          failures: await claimAccountUrl(claims, client, checked.inputs, exists),
        };
      }),
    diff: (_id, olds, news) => readably(async () => diffTriggerWebhook(olds, news)),
    create: (inputs) => readably(() => createWebhook(api.client(), inputs, claims)),
    read: (id, props) => readably(() => readWebhook(api.client(), id, props)),
    update: (_id, olds, news) => readably(() => updateWebhook(api.client(), olds, news)),
    delete: (_id, props) => readably(() => deleteWebhook(api.client(), props, claims)),
  };
}

/**
 * One TriggerWebhook per account: the account's URL is claimed for this resource, whatever spelling of the
 * service's URL or key its provider uses. The URL as the check read it is kept, so that a create can tell that
 * another provider's TriggerWebhook (which no check of this process sees) set it since.
 */
async function claimAccountUrl(
  claims: Claims<FoundBefore>,
  client: ApiClient,
  inputs: CheckedTriggerWebhookInputs,
  exists: boolean,
): Promise<CheckFailure[]> {
  const object = callbackUrlObject(await accountOf(client));
  const seen: SeenUrl = { url: await client.getCallbackUrl() };
  const holder = claims.claim(object, inputs.resourceName, seen, exists);
  if (holder === undefined) return [];
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
  claims: Claims<FoundBefore>,
) {
  const found = await client.getWebhookSettings();
  const claim = claims.created(callbackUrlObject(await accountOf(client)));
  const seen = claim?.seen as SeenUrl | undefined;
  if (seen !== undefined && seen.url !== found.webhookURL)
    throw changedSinceCheck(inputs, seen, found.webhookURL);
  // A predecessor deleted first (a replacement that deletes first) left its URL in place and handed over the
  // one it found: that is the URL before this stack, not the predecessor's own.
  const priorUrl = claim?.handedOver !== undefined ? claim.handedOver.priorUrl : found.webhookURL;
  const webhookSecret = found.webhookSecret ?? "";
  if (found.webhookURL !== inputs.url) {
    const setting = performance.now();
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
    await confirmLastSet(client, inputs, performance.now() - setting);
  }
  return { id: WEBHOOK_ID, outs: outputs(inputs, webhookSecret, priorUrl) };
}

/** How long past the time its own set took a create waits before it reads the URL back. */
const SETTLE_MS = 500;

/**
 * The API has no compare-and-set. Two TriggerWebhooks of one account in two provider processes (two explicit
 * providers, which no check of either process sees together) can both find the URL their check read and both set
 * theirs, each answered 200: both creates succeeded and the state held two webhooks, one of them with a URL the
 * account no longer had. So a create reads the URL back, after as long as its set took (another's set sent at the
 * same time lands about as late) and a margin: a URL other than its own was set after it, by a resource that
 * holds the account's URL now, and this create fails without state. Limit: a competing set delayed longer than
 * that still lands unseen.
 */
async function confirmLastSet(client: ApiClient, inputs: CheckedTriggerWebhookInputs, setMs: number) {
  const now = await unstoppable(async () => {
    await pause(setMs + SETTLE_MS);
    return client.getCallbackUrl();
  });
  if (now === inputs.url) return;
  throw new ProviderError(
    `TriggerWebhook "${inputs.resourceName}": the account's callback URL was set to ${now ?? "none"} right ` +
      `after this resource set it to ${inputs.url}: another TriggerWebhook, of another provider or another ` +
      "stack, manages this account's one callback URL and holds it now. This resource was not created. Keep one " +
      "TriggerWebhook per account.",
  );
}

function changedSinceCheck(inputs: CheckedTriggerWebhookInputs, seen: SeenUrl, now: string | undefined) {
  return new ProviderError(
    `TriggerWebhook "${inputs.resourceName}": the account's callback URL changed after this resource's check ` +
      `read it (from ${seen.url ?? "none"} to ${now ?? "none"}): another TriggerWebhook, of another provider or ` +
      "another stack, manages this account's one callback URL. Nothing was changed. Keep one TriggerWebhook per " +
      "account.",
  );
}

async function readWebhook(client: ApiClient, id: string, stored: TriggerWebhookOutputs) {
  const byId = isReadById(stored);
  if (byId && id !== WEBHOOK_ID) {
    throw new ProviderError(
      `TriggerWebhook: its id is "${WEBHOOK_ID}" (the account has one callback URL), not "${id}"; import or look it up by that id.`,
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

/**
 * Puts back the URL found before this resource set it (`onDelete: "restore"`), unless a TriggerWebhook checked
 * in this deployment holds the account's URL now (a rename, a move or a replacement: ../shared/claims.ts), or
 * someone set another URL since.
 */
async function deleteWebhook(client: ApiClient, props: TriggerWebhookOutputs, claims: Claims<FoundBefore>) {
  const object = callbackUrlObject(await accountOf(client));
  const claim = claims.get(object);
  if (claim !== undefined) {
    if (!claim.created) claims.handOver(object, { priorUrl: props.priorUrl });
    else if (wouldRestore(props)) await warn(unrestoredWarning(props, claim.holder));
    return;
  }
  // The API cannot unset a callback URL: with none before, the URL stays (docs/guides/resources.md says so).
  if (!wouldRestore(props)) return;
  // Someone who set another URL since is not overruled.
  if ((await client.getCallbackUrl()) !== props.url) return;
  await client.setCallbackUrl(props.priorUrl!);
}

function wouldRestore(props: TriggerWebhookOutputs): boolean {
  return props.onDelete === "restore" && props.priorUrl !== undefined && props.priorUrl !== props.url;
}

function unrestoredWarning(props: TriggerWebhookOutputs, holder: string): string {
  return (
    `TriggerWebhook "${props.resourceName}" was deleted without putting back the callback URL it found ` +
    `(${props.priorUrl}): TriggerWebhook "${holder}" manages the account's URL in this update and keeps it. ` +
    `No resource puts back ${props.priorUrl} any more. To rename or move a TriggerWebhook, give the new one ` +
    "`aliases` (docs/guides/renaming-and-moving.md); a replacement that deletes first " +
    "(`deleteBeforeReplace: true`) carries it over."
  );
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
