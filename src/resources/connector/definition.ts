import { z } from "zod";
import { property, type ResourceDefinition } from "../shared/definition";
import { locationOutputs } from "../shared/location";
import { authConfigField, booleanField, oneOf, optionalString } from "../shared/input-rules";
import { SECRETS_GIVEN_PLAIN, secretsGivenPlainInput } from "../shared/secrets-given-plain";

export const DELETION_POLICIES = ["delete", "disable", "retain"] as const;
/** What deleting the resource does remotely: delete the connector, disable it, or leave it as it is. */
export type DeletionPolicy = (typeof DELETION_POLICIES)[number];

/**
 * An input either front end adds when `name` is left out: `<project>/<stack>/<logical name>`, part of the
 * seed of the autoname (../shared/autoname.ts). The create derives the name from it; a diff never compares
 * it (a rename or a move between stacks keeps the connector and its name).
 */
export const AUTONAME_SCOPE = "autonameScope";

/**
 * An input the plugin records with a name the engine proposed (Pulumi's `pulumi:autonaming` config): the name
 * was chosen for the resource, not written by the program, so a later check keeps it whatever that config says
 * by then, as a derived autoname (with its `namePrefix`) is kept.
 */
export const PROPOSED_NAME = "nameProposed";

const inputs = {
  /**
   * The connector's name, unique among the account's connectors that are not deleted. Replaces on change.
   * Without it (and with `namePrefix`), the connector is autonamed `<namePrefix><7 base-36 characters>`.
   */
  name: property(optionalString(), { replaceOnChanges: true }),
  /**
   * The start of an autoname, when `name` is left out: the name is `<namePrefix><7 base-36 characters>`,
   * derived from the prefix and the resource's project, stack and logical name. The create chooses it, with
   * no request beyond its POST: the first such name no live connector holds (a preview shows the name as
   * not known yet). It is kept across updates. A replacement takes another such name and is created before
   * the old connector is deleted.
   */
  namePrefix: optionalString(),
  [AUTONAME_SCOPE]: property(optionalString(), { internal: true }),
  [PROPOSED_NAME]: property(booleanField().optional(), { internal: true }),
  /**
   * Take over this existing connector instead of creating one, on purpose. Its name, app, scheme and
   * built-in-auth flag must match these inputs; its authConfig and enabled are then set from them, and from
   * then on it is updated and deleted like one this stack created (see deletionPolicy). Only read at create
   * time.
   */
  adoptId: optionalString(),
  /** The app, by name (e.g. "github"; `GET /api/v1/apps`): exactly one of appName and appId. Replaces on change. */
  appName: property(optionalString(), { replaceOnChanges: true }),
  /** The app, by id: exactly one of appName and appId. Replaces on change. */
  appId: property(optionalString(), { replaceOnChanges: true }),
  /** e.g. "OAUTH2", "API_KEY"; the app's schemes are listed by `GET /api/v1/apps`. Replaces on change. */
  authScheme: property(optionalString(), { replaceOnChanges: true }),
  /**
   * The developer's fields of the scheme (`expected_from_customer: false` in `GET /api/v1/apps`): an OAuth
   * app's client_id, client_secret, scopes (a list of strings), ... An end user's key or token is not given
   * here but in each ConnectedAccount's `data` (an API_KEY or BEARER_TOKEN connector takes none). Secret.
   * Updated in place.
   */
  authConfig: property(authConfigField(), { secret: true }),
  [SECRETS_GIVEN_PLAIN]: secretsGivenPlainInput(),
  /** Default true. Updated in place. */
  enabled: booleanField().default(true),
  /** Use the service's built-in authentication. Default false. Replaces on change. */
  useServiceAuth: property(booleanField().default(false), { replaceOnChanges: true }),
  /**
   * Default true: always create a new connector. With false the server would hand back an existing
   * connector of the app instead of creating one; that is never taken silently, so the create fails naming
   * the app's connectors when it has any (take one over with `adoptId`). Only read at create time.
   */
  forceNewIntegration: booleanField().default(true),
  /** What deleting the resource does: "delete" (default), "disable" or "retain". Touches nothing remote when changed. */
  deletionPolicy: oneOf(DELETION_POLICIES).default("delete"),
};

/** One field of the scheme, as `GET /api/v1/apps` and the connector record list it. */
export const expectedInputField = z.looseObject({
  /** The key in `authConfig` or in an account's `data`. */
  name: z.string(),
  type: z.string().optional(),
  description: z.string().optional(),
  /** The label to show for it. */
  display_name: z.string().optional(),
  /** Any JSON value. */
  default: z.json().optional(),
  required: z.boolean().optional(),
  /** true: each ConnectedAccount gives it in `data`; false: the connector's `authConfig` does. */
  expected_from_customer: z.boolean().optional(),
  is_secret: z.boolean().optional(),
});

/**
 * The inputs that force a replacement, as last applied. diff compares new inputs with these rather than
 * with the server's record, which may spell them differently (an app given by id is echoed with its name).
 * A copy of inputs: the dynamic provider keeps it in the outputs, since its host hands diff the old outputs
 * only; the plugin, whose Diff gets the old inputs, leaves it out of state and derives it from them
 * (../index.ts, `inputCopies`).
 */
const appliedIdentity = z.object({
  name: z.string(),
  appName: z.string().optional(),
  appId: z.string().optional(),
  authScheme: z.string().optional(),
  useServiceAuth: z.boolean(),
});

const outputs = {
  /** The connector's name. */
  name: z.string(),
  /** The app's id. */
  appId: z.string(),
  /** The app's name (as the service spells it). */
  appName: z.string(),
  authScheme: z.string().optional(),
  /**
   * The applied authConfig; a refresh takes the values the service shows of its keys (the secret ones stay as
   * applied). Secret.
   */
  authConfig: property(z.record(z.string(), z.unknown()).optional(), { secret: true }),
  enabled: z.boolean(),
  useServiceAuth: z.boolean(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  deleted: z.boolean().optional(),
  defaultConnectorId: z.string().nullable().optional(),
  forceNewIntegration: z.boolean(),
  deletionPolicy: z.enum(DELETION_POLICIES),
  /** Set when the name was autonamed (see ../shared/autoname.ts). */
  namePrefix: z.string().optional(),
  /** Set when the connector was taken over rather than created. */
  adoptId: z.string().optional(),
  [PROPOSED_NAME]: property(z.boolean().optional(), { internal: true }),
  lastApplied: property(appliedIdentity, { internal: true }),
  ...locationOutputs,
};

export const connectorDefinition = {
  name: "Connector",
  description:
    "A connector (integration) of the Trigger and Integration Management API, created and owned by this " +
    "resource. Changing name, appName/appId, authScheme or useServiceAuth replaces it; authConfig and enabled " +
    "are updated in place.",
  inputs,
  outputs,
  import: {
    id: "the connector's id (`GET /api/v1/integrations/{id}`)",
    unreadableInputs: ["authConfig (its secret fields: the service never shows them)"],
  },
} satisfies ResourceDefinition<typeof inputs, typeof outputs>;

/** authConfig keys are free-form, but the service types `scopes` and `user_scopes` as lists of strings. */
export interface AuthConfig {
  /** e.g. `["repo", "read:org"]`; a comma-separated string is rejected by check (and by the service). */
  scopes?: string[];
  user_scopes?: string[];
  [key: string]: unknown;
}

/** The app of the connector: exactly one of its name ("github") or its id. Replaces on change. */
export type AppSelector = { appName: string; appId?: undefined } | { appId: string; appName?: undefined };

/**
 * The connector's name: either fixed (`name`), or left out and autonamed from `namePrefix` (see
 * ../shared/autoname.ts; a fixed name must be deleted before its replacement is created: names are unique).
 * The `Connector` resource defaults `namePrefix` to `<logical name>-`.
 */
export type NameSelector =
  { name: string; namePrefix?: undefined } | { name?: undefined; namePrefix?: string };

type InputFields = z.input<z.ZodObject<typeof inputs>>;

/** The inputs of a Connector as a user writes them (plain values; the program side wraps them in Input). */
export type ConnectorSettings = Omit<
  InputFields,
  | "name"
  | "namePrefix"
  | "appName"
  | "appId"
  | typeof AUTONAME_SCOPE
  | typeof PROPOSED_NAME
  | typeof SECRETS_GIVEN_PLAIN
  | "authConfig"
> & {
  /** The developer's fields of the scheme (see `connectorDefinition.inputs.authConfig`). Secret. */
  authConfig?: AuthConfig;
};

export type ConnectorInputs = ConnectorSettings & AppSelector & NameSelector;

/** Inputs after `check`: defaults filled. During a preview any field may hold the UNKNOWN sentinel. */
/**
 * The inputs check hands on: a name the program (or the engine) gave, or, autonamed, none: the prefix and
 * the scope that the create derives it from (../shared/autoname.ts).
 */
export type CheckedConnectorInputs = Omit<
  z.output<z.ZodObject<typeof inputs>>,
  "name" | typeof AUTONAME_SCOPE
> & {
  name?: string;
  [AUTONAME_SCOPE]?: string;
};

/**
 * A Connector's outputs: the connector record (secret-free fields as the server has them) and local state.
 * Catalog data is not stored (the app's logo, the fields each account gives): `getConnector` and `getApps`
 * read it, so that every step of a large stack does not write it again.
 */
export type ConnectorOutputs = z.output<z.ZodObject<typeof outputs>>;

export type AppliedIdentity = z.output<typeof appliedIdentity>;
