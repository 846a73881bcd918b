import { z } from "zod";
import { toCheckFailures, withoutSecretValuesShown } from "./check-failures";
import { UNKNOWN_CONNECTION, withCallConnection } from "./client-for-call";
import { keepingOnPartialCreate, PROVIDER_KEY } from "./errors";
import { httpUrl } from "./input-rules";
import { compare } from "./diff-rules";
import { resolveSettings, SettingsError, type ConfigSource } from "../../settings";
import type { CheckFailure, ResourceHandlers } from "./types";
import { containsUnknown, isUnknown } from "./unknowns";

/**
 * The optional `connection` input every resource takes: the account (base URL and API key) it lives in,
 * so one program can manage connectors of several accounts. Without it, the stack config is used.
 *
 * It is added to a resource's handlers from outside (`withConnection`), so the handlers themselves stay
 * unaware of it: check validates and strips it, create/read/update/delete run with the connection's
 * client (client-for-call.ts) and record it in the outputs, because delete (and refresh) only get the
 * outputs and must reach the same account. The resources mark it secret in inputs and outputs; it never
 * enters `__provider` (it is an input, not something the provider captures).
 */

/** The account of a resource. `apiKey` is a secret. */
export interface Connection {
  /** e.g. https://api.example.com */
  baseUrl: string;
  apiKey: string;
}

export const CONNECTION_PROPERTY = "connection";

const connectionSchema = z.strictObject(
  {
    baseUrl: httpUrl("https://api.example.com"),
    apiKey: z
      .string({ error: "must be a string (a secret: pulumi.secret(...) or config.requireSecret(...))" })
      .regex(/^[\x21-\x7e]+$/, { error: "must be printable ASCII without spaces" }),
  },
  { error: "must be an object { baseUrl, apiKey }" },
);

/** Gives a resource's handlers the `connection` input; the handlers themselves never see it. */
export function withConnection<I extends object, O extends object>(
  handlers: ResourceHandlers<I, O>,
): ResourceHandlers<I & ConnectionProps, O & ConnectionProps> {
  let stackConfig: ConfigSource | undefined;
  return {
    configure: (req) => {
      stackConfig = req.config;
      return handlers.configure(req);
    },
    async check(olds, news) {
      const { connection, rest } = split(news);
      // Without a connection the resource lives where the stack config (or the environment) says: missing or
      // invalid settings fail here, at check, with the settings error, before any diff.
      const connectionProblems =
        connection === undefined || connection === null
          ? settingsFailures(stackConfig)
          : connectionFailures(connection);
      // A check that reads the API (a trigger's config schema, a connector's live names) reads it from the
      // resource's own account. A connection not known yet, or invalid, leaves the account unknown.
      const account = connectionProblems.length > 0 ? UNKNOWN_CONNECTION : usableOrUnknown(connection);
      const checked = await withCallConnection(account, () => handlers.check(olds, rest));
      // The one check every resource's engine call goes through: no failure may make the engine print a secret.
      const failures = withoutSecretValuesShown([...checked.failures, ...connectionProblems]);
      return { inputs: withProp(checked.inputs, connection), failures };
    },
    async diff(id, olds, news) {
      const connection = compareConnections(olds.connection, news.connection);
      // Diffed in the account the resource will be in: a new key's (which must reach the account the object
      // lives in), or, when the resource moves to another service, the old one's (where it still lives).
      const account = connection === "replace" ? olds.connection : usableOrUnknown(news.connection);
      const inner = await withCallConnection(account, () =>
        handlers.diff(id, split(olds).rest as O, split(news).rest as I),
      );
      if (connection === "same") return inner;
      // Another base URL is another service: the resource is created there and deleted here.
      const replaces = connection === "replace" ? [...inner.replaces, CONNECTION_PROPERTY] : inner.replaces;
      return { ...inner, changes: true, replaces };
    },
    create: (inputs) =>
      withCallConnection(inputs.connection, async () => {
        // Every resource's partial create keeps the serialized provider and the account (see errors.ts).
        const { [PROVIDER_KEY]: provider } = inputs as Record<string, unknown>;
        const kept = withProp(provider === undefined ? {} : { [PROVIDER_KEY]: provider }, inputs.connection);
        const result = await keepingOnPartialCreate(kept, () => handlers.create(split(inputs).rest as I));
        return { ...result, outs: withProp(result.outs, inputs.connection) };
      }),
    read: (id, props) =>
      withCallConnection(props.connection, async () => {
        const result = await handlers.read(id, split(props).rest as O);
        // The inputs a refresh records keep the account too (ignoreChanges and the next check read them).
        return result.props === undefined
          ? result
          : {
              ...result,
              props: withProp(result.props, props.connection),
              ...(result.inputs === undefined ? {} : { inputs: withProp(result.inputs, props.connection) }),
            };
      }),
    // A new key (or a connection given or removed) keeps the object only when the object lives in the new key's
    // account: the handlers' location rules (location.ts) prove that before the update records it.
    update: (id, olds, news) =>
      withCallConnection(news.connection, async () => {
        const result = await handlers.update(id, split(olds).rest as O, split(news).rest as I);
        return { outs: withProp(result.outs, news.connection) };
      }),
    delete: (id, props) =>
      withCallConnection(props.connection, () => handlers.delete(id, split(props).rest as O)),
  };
}

export interface ConnectionProps {
  connection?: Connection;
}

function split<T extends object>(props: T): { connection: unknown; rest: Record<string, unknown> } {
  const { [CONNECTION_PROPERTY]: connection, ...rest } = props as Record<string, unknown>;
  return { connection, rest };
}

function withProp<T extends object>(props: T, connection: unknown): T & ConnectionProps {
  return connection === undefined || connection === null
    ? (props as T & ConnectionProps)
    : ({ ...props, [CONNECTION_PROPERTY]: connection } as T & ConnectionProps);
}

/** The connection as the call's account: none given, a known one, or one not known yet (a preview). */
function usableOrUnknown(connection: unknown): Connection | typeof UNKNOWN_CONNECTION | undefined {
  if (connection === undefined || connection === null) return undefined;
  return containsUnknown(connection) ? UNKNOWN_CONNECTION : (connection as Connection);
}

function settingsFailures(config: ConfigSource | undefined): CheckFailure[] {
  try {
    resolveSettings(config, process.env);
    return [];
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    return [{ property: "", reason: error.message }];
  }
}

function connectionFailures(connection: unknown) {
  if (connection === undefined || connection === null || containsUnknown(connection)) return [];
  const parsed = connectionSchema.safeParse(connection);
  if (parsed.success) return [];
  // Named as connection.<field>; toCheckFailures never quotes the value (the key is a secret).
  return toCheckFailures(parsed.error.issues, ["baseUrl", "apiKey"]).map((failure) => ({
    property: failure.property === "" ? CONNECTION_PROPERTY : `${CONNECTION_PROPERTY}.${failure.property}`,
    reason: failure.reason,
  }));
}

/**
 * "replace" when the base URL changes (another service) or may change (a connection, or its base URL, not
 * known yet in a preview: the update may replace, and the preview must say so); "update" for any other
 * change (a rotated key, or a connection given or removed), which the location rules allow only in the account
 * the object lives in; "same" otherwise.
 */
function compareConnections(olds: unknown, news: unknown): "same" | "update" | "replace" {
  if (compare(olds ?? undefined, news ?? undefined) === "same") return "same";
  if (isUnknown(news) || isUnknown((news as Partial<Connection> | undefined)?.baseUrl)) return "replace";
  const oldUrl = (olds as Partial<Connection> | undefined)?.baseUrl;
  const newUrl = (news as Partial<Connection> | undefined)?.baseUrl;
  if (oldUrl !== undefined && newUrl !== undefined && oldUrl !== newUrl) return "replace";
  return "update";
}
