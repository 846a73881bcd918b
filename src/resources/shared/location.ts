import { z } from "zod";
import type { ApiClient } from "../../client";
import { publicUrl } from "../../public-url";
import { SettingsError } from "../../settings";
import { accountOf } from "./account";
import { clientForCheck, createClientForCall, type ClientForCall } from "./client-for-call";
import { PartialCreateError, ProviderError } from "./errors";
import { isReadById } from "./read-by-id";
import type { CheckFailure, ReadResult, ResourceHandlers } from "./types";

/**
 * Where an object lives, recorded in every resource's outputs and proven before the provider works on it.
 *
 * A 404 means "gone" only in the account and service the object was made in. Read with another account's key
 * (a wrong CI secret) or at another service (a changed base URL), every object looks gone: a refresh would drop
 * them all from state, an `up` would make them again there, and a destroy would report as deleted what still
 * lives. So each resource records the base URL and the account its provider reached when it was created or
 * imported, and every later call first compares them with where the provider reaches now:
 *
 * - the same account and URL: the call goes ahead, and a 404 is "gone";
 * - another account: the call fails before any request about the object, naming both accounts;
 * - the same account at another URL (another spelling of one service, `localhost` for `127.0.0.1`): the object
 *   is looked up by id there; found, the call goes ahead and the new URL is recorded; not found, it is another
 *   service, and the call fails. An object whose id every account has (the callback URL) cannot be found that
 *   way: it is worked on at the URL its state records, while that URL answers the key as its account, and
 *   refused otherwise;
 * - nothing recorded (state written before this): every read, update and delete looks the object up by id
 *   first; found, the call goes ahead and the location is recorded; not found fails, naming `pulumi state
 *   delete`, since the provider cannot tell a deleted object from a wrong key.
 *
 * The account is `client.id` of client_info: the project an API key belongs to. Every key of a project answers
 * the same id, so a rotated key changes nothing; two services that happen to know the same project id are told
 * apart only by finding the object (the URL comparison above).
 */
export const locationOutputs = {
  /**
   * The base URL of the service the object lives in, as the provider reached it when it created, imported or
   * last proved the object there, without any user, password, query or fragment the configured URL carries.
   * Absent in state written by a version before 0.2.0, until the next refresh or update records it.
   */
  serviceUrl: z.string().optional(),
  /**
   * The account the object lives in: the `client.id` that `GET /api/v1/client/auth/client_info` answered for
   * the provider's key (the project the key belongs to; never the key). A call with a key of another account
   * fails before any request about the object. Absent in state written by a version before 0.2.0, until the
   * next refresh or update records it.
   */
  accountId: z.string().optional(),
};

export interface Location {
  serviceUrl: string;
  accountId: string;
}

export type LocationProps = Partial<Location>;

export interface LocationOptions {
  /**
   * Whether finding the object by its id proves where it lives: true where ids are unique across accounts and
   * services (a connector's, an account's: another account finds no such id), false where every account has an
   * object of that id (the callback URL, `callback-url`). Without that proof an object whose state records no
   * account is proven only by an account the user chose (`integrations:accountId`), and one recorded at another
   * URL stays there: worked on at the recorded URL while it answers the key as the recorded account.
   */
  idProvesLocation: boolean;
}

/** Adds the location to a resource's handlers: recorded on create and import, proven before every other call. */
export function withLocation<I extends object, O extends object>(
  kind: string,
  handlers: ResourceHandlers<I, O>,
  options: LocationOptions = { idProvesLocation: true },
): ResourceHandlers<I, O & LocationProps> {
  const api = createClientForCall();

  /** The object's own props, as the handlers know them (they never see the location). */
  const own = (props: O & LocationProps): O => {
    const { serviceUrl: _url, accountId: _account, ...rest } = props;
    return rest as O;
  };

  /**
   * Fails unless the object the props describe lives where the provider reaches now, as far as that can be
   * told without reading it. Returns what the call must still prove by finding the object, if anything.
   */
  async function compared(id: string, props: LocationProps, now: Location): Promise<"same" | "find"> {
    if (props.accountId === undefined) return "find";
    if (props.accountId !== now.accountId) throw otherAccount(kind, id, props as Location, now);
    return recordedUrl(props) === now.serviceUrl ? "same" : "find";
  }

  /**
   * Proves where the object lives, when its state does not say it is where the provider reaches now: by finding
   * it by id there, or, where an id proves nothing, by the account the user chose (state without an account),
   * or by the recorded URL still answering the call's key as the recorded account (the object is then worked
   * on there, where it lives). Fails, saying why, otherwise.
   */
  async function found(id: string, props: O & LocationProps, now: Location): Promise<Proof> {
    if (!options.idProvesLocation) {
      if (props.accountId === undefined && api.chosenAccount() === now.accountId) return HERE;
      const recorded = recordedLocation(props);
      if (recorded !== undefined && (await answersAs(recorded)))
        return { at: "recorded", location: recorded };
      throw unprovable(kind, id, props, now);
    }
    const read = await handlers.read(id, own(props));
    if (read.id === "") throw notFoundHere(kind, id, props, now);
    return HERE;
  }

  /** Whether the recorded URL answers the call's key as the recorded account (one request, then cached). */
  async function answersAs(recorded: Location): Promise<boolean> {
    return api.atBaseUrl(recorded.serviceUrl, () =>
      accountOf(api.client()).then(
        (accountId) => accountId === recorded.accountId,
        () => false,
      ),
    );
  }

  /** Runs a handler's call where the proof says the object lives. */
  function where<T>(proof: Proof, call: () => Promise<T>): Promise<T> {
    return proof.at === "recorded" ? api.atBaseUrl(proof.location.serviceUrl, call) : call();
  }

  return {
    configure: async (req) => {
      api.configure(req.config, req.accountRecorded);
      await handlers.configure(req);
    },
    async check(olds, news) {
      // The pin first: a key of another account reads nothing of it, not even what a check reads.
      const pinned = await pinFailures(api);
      const checked = await handlers.check(olds, news);
      return pinned.length > 0 ? { ...checked, failures: [...pinned, ...checked.failures] } : checked;
    },
    async diff(id, olds, news) {
      const client = api.accountKnown() && olds.accountId !== undefined ? api.client() : undefined;
      if (client !== undefined) {
        const now = await reached(client);
        const proof = await compared(id, olds, now);
        checkPin(api, now);
        if (proof === "find") {
          const proven = await found(id, olds, now);
          if (proven.at === "recorded") return where(proven, () => handlers.diff(id, own(olds), news));
          // The same object under another spelling of its service's URL: recorded by an update that sends nothing.
          const inner = await handlers.diff(id, own(olds), news);
          return { ...inner, changes: true };
        }
      }
      return handlers.diff(id, own(olds), news);
    },
    async create(inputs) {
      const now = await here(api, api.client());
      try {
        const created = await handlers.create(inputs);
        return { ...created, outs: { ...created.outs, ...now } };
      } catch (error) {
        // A partial create is kept in state: where it lives is recorded with it.
        if (!(error instanceof PartialCreateError)) throw error;
        const kept = new PartialCreateError(error.id, { ...error.properties, ...now }, error.message);
        kept.stack = error.stack;
        throw kept;
      }
    },
    async read(id, props) {
      if (isReadById(props))
        return located(await handlers.read(id, own(props)), await here(api, api.client()));
      const now = await reached(api.client());
      const proof = await compared(id, props, now);
      checkPin(api, now);
      if (proof === "find" && !options.idProvesLocation) {
        const proven = await found(id, props, now);
        if (proven.at === "recorded")
          return located(await where(proven, () => handlers.read(id, own(props))), proven.location);
      }
      const read = await handlers.read(id, own(props));
      if (read.id === "" && proof === "find" && options.idProvesLocation)
        throw notFoundHere(kind, id, props, now);
      return located(read, now);
    },
    async update(id, olds, news) {
      const now = await reached(api.client());
      const proof = await compared(id, olds, now);
      checkPin(api, now);
      const proven = proof === "find" ? await found(id, olds, now) : HERE;
      const updated = await where(proven, () => handlers.update(id, own(olds), news));
      return { outs: { ...updated.outs, ...(proven.at === "recorded" ? proven.location : now) } };
    },
    async delete(id, props) {
      const now = await reached(api.client());
      const proof = await compared(id, props, now);
      checkPin(api, now);
      const proven = proof === "find" ? await found(id, props, now) : HERE;
      await where(proven, () => handlers.delete(id, own(props)));
    },
  };
}

/** Where a call works on an object: where the provider reaches now, or where its state records it. */
type Proof = { at: "here" } | { at: "recorded"; location: Location };
const HERE: Proof = { at: "here" };

/** The location an object's state records, when it records both (its URL as recorded, credentials and all). */
function recordedLocation(props: LocationProps): Location | undefined {
  return props.accountId === undefined || props.serviceUrl === undefined
    ? undefined
    : { accountId: props.accountId, serviceUrl: props.serviceUrl };
}

/** Where the provider reaches now: its client's base URL and the account its key belongs to (the pin checked). */
async function here(api: ClientForCall, client: ApiClient): Promise<Location> {
  const now = await reached(client);
  checkPin(api, now);
  return now;
}

/**
 * The service an object's state records, in its public form (a state of 0.2.0 may hold a URL with credentials,
 * which is neither shown nor told apart from its public form).
 */
function recordedUrl(props: LocationProps): string | undefined {
  return props.serviceUrl === undefined ? undefined : publicUrl(props.serviceUrl);
}

/** Where the provider reaches now, the pin not checked yet. */
async function reached(client: ApiClient): Promise<Location> {
  return { serviceUrl: publicUrl(client.baseUrl), accountId: await accountOf(client) };
}

/**
 * Fails when the account reached is not the pinned one. For an object that records its own account, that
 * account is compared first (`compared`): its message names the object, and the plugin's Configure pins the
 * account recorded in the provider's state, which the user never set as `integrations:accountId`.
 */
function checkPin(api: ClientForCall, now: Location): void {
  const pinned = api.pinnedAccount();
  if (pinned !== undefined && pinned !== now.accountId)
    throw new ProviderError(pinMessage(now.accountId, pinned));
}

function located<O>(read: ReadResult<O, unknown>, now: Location): ReadResult<O & LocationProps, never> {
  if (read.id === "" || read.props === undefined) return read as ReadResult<O & LocationProps, never>;
  return { ...read, props: { ...read.props, ...now } } as ReadResult<O & LocationProps, never>;
}

/**
 * A pinned account (`integrations:accountId`) is checked at check, so that a preview with a key of another
 * account fails before any write. One request per key and process; none without a pin, without settings
 * (the first write reports them) or in an account not known yet.
 */
async function pinFailures(api: ClientForCall): Promise<CheckFailure[]> {
  let pinned: string | undefined;
  try {
    pinned = api.pinnedAccount();
  } catch (error) {
    if (error instanceof SettingsError) return [];
    throw error;
  }
  const client = pinned === undefined ? undefined : clientForCheck(api);
  if (pinned === undefined || client === undefined) return [];
  const accountId = await accountOf(client);
  return accountId === pinned ? [] : [{ property: "", reason: pinMessage(accountId, pinned) }];
}

/**
 * The pin is `integrations:accountId` (the provider's `accountId`), or, for the plugin, the account its
 * CheckConfig recorded in the provider's state at the last `up`, which a refresh or destroy configures it with.
 */
function pinMessage(accountId: string, pinned: string): string {
  return (
    `the API key reaches account "${accountId}", but the provider is pinned to account "${pinned}" ` +
    "(integrations:accountId, or with the plugin the account its state recorded at the last `pulumi up`): " +
    `nothing is created or changed with it. Use a key of account "${pinned}", or change the pin if the stack ` +
    "is moving."
  );
}

function otherAccount(kind: string, id: string, recorded: Location, now: Location): ProviderError {
  return new ProviderError(
    `${kind} ${id} lives in account "${recorded.accountId}" (${recordedUrl(recorded)}), but the provider's API key ` +
      `now reaches account "${now.accountId}" (${now.serviceUrl}). Nothing was read, changed or deleted: in ` +
      "another account every object looks gone. If the key is wrong, give the key of account " +
      `"${recorded.accountId}" (integrations:apiKey, INTEGRATIONS_API_KEY or the provider's apiKey) and run ` +
      'again; to move the stack to another account, see docs/guides/configuring-and-accounts.md, "Where each object lives".',
  );
}

/** An object whose id proves nothing (every account has one), where its state does not say it lives. */
function unprovable(kind: string, id: string, recorded: LocationProps, now: Location): ProviderError {
  if (recorded.accountId === undefined) {
    return new ProviderError(
      `${kind} ${id}: its state was written by an older version, which did not record the account it lives in, ` +
        `and every account has a ${kind} of that id, so finding one in account "${now.accountId}" ` +
        `(${now.serviceUrl}) would prove nothing: nothing was read, changed or deleted. If account ` +
        `"${now.accountId}" is the stack's, say so with \`pulumi config set integrations:accountId ` +
        `${now.accountId}\` (the provider's accountId), then \`pulumi up\`, which records it, and run the ` +
        "command again; if it is not, give the right key, or let the resource go from the stack with " +
        "`pulumi state delete <its URN>`.",
    );
  }
  return new ProviderError(
    `${kind} ${id} lives at ${recordedUrl(recorded) ?? "another service"} (account "${recorded.accountId}"), which ` +
      `does not answer the provider's key as that account, and the provider now reaches ${now.serviceUrl} with a ` +
      `key of the same account id. Every account has a ${kind} of that id, so finding one there would not prove ` +
      "it is the same service: nothing was read, changed or deleted. Set the base URL back (integrations:baseUrl, " +
      "INTEGRATIONS_BASE_URL or the provider's baseUrl) and give a key the recorded URL takes; if the new URL is " +
      "the same service, let the resource go from the stack with `pulumi state delete <its URN>`, and the next " +
      "`pulumi up` takes the value over again.",
  );
}

function notFoundHere(kind: string, id: string, recorded: LocationProps, now: Location): ProviderError {
  if (recorded.accountId === undefined) {
    return new ProviderError(
      `${kind} ${id} is not found in account "${now.accountId}" (${now.serviceUrl}). Its state was written by an ` +
        "older version, which did not record the account and service the object lives in, so a deleted object " +
        "cannot be told from a key of another account: nothing was dropped or deleted. If the key and base URL " +
        "are right and the object was deleted outside Pulumi, remove it from the stack with " +
        "`pulumi state delete <its URN>`.",
    );
  }
  return new ProviderError(
    `${kind} ${id} lives at ${recordedUrl(recorded) ?? "another service"} (account "${recorded.accountId}") and is ` +
      `not found at ${now.serviceUrl}, which the provider now reaches with a key of the same account id: it is ` +
      "another service. Nothing was read, changed or deleted. Set the base URL back (integrations:baseUrl, " +
      "INTEGRATIONS_BASE_URL or the provider's baseUrl); to move the stack, see docs/guides/configuring-and-accounts.md, \"Where each " +
      'object lives".',
  );
}
