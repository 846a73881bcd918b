import { z } from "zod";
import { property, type ResourceDefinition } from "../shared/definition";
import { locationOutputs } from "../shared/location";
import { httpUrl, optionalString, requiredString } from "../shared/input-rules";
import { SECRETS_GIVEN_PLAIN, secretsGivenPlainInput } from "../shared/secrets-given-plain";

/** The service has no route that changes an account: a change of any input replaces it (created first). */
const inputs = {
  /** The connector (integration) the account connects through. */
  integrationId: property(requiredString(), { replaceOnChanges: true }),
  /**
   * This end user's credentials and connection fields: the connector's `expectedInputFields`, e.g.
   * `{ api_key: "..." }` for an API_KEY connector (which itself takes no key). A missing required one fails
   * check, named. Secret: stored encrypted, never shown by the service. Default `{}`.
   */
  data: property(
    z
      .record(z.string(), z.unknown(), { error: 'must be an object of fields, e.g. { api_key: "..." }' })
      .default({}),
    { secret: true, replaceOnChanges: true },
  ),
  [SECRETS_GIVEN_PLAIN]: secretsGivenPlainInput(),
  /** Labels of the account. */
  labels: property(
    z
      .array(z.string({ error: "must be a string" }), { error: 'must be a list of strings, e.g. ["team-a"]' })
      .optional(),
    { replaceOnChanges: true },
  ),
  /** The entity (end user) the account belongs to; the service's default when not given. */
  entityId: property(optionalString(), { replaceOnChanges: true }),
  /** OAuth connectors: where the browser returns once a person has completed `redirectUrl`. */
  redirectUri: property(httpUrl("https://app.example.com/oauth/done").optional(), { replaceOnChanges: true }),
  /**
   * Take over this existing account (e.g. one an interrupted `up` made) instead of creating one: its
   * connector (and entityId, when given) must be these. Its credentials cannot be read back, so they are
   * taken to be `data`. Only read at create time.
   */
  adoptId: optionalString(),
};

const outputs = {
  integrationId: z.string(),
  /**
   * The credentials given (the service never shows them back). Absent for an account imported by id until the
   * first `pulumi up` records the program's. Secret.
   */
  data: property(z.record(z.string(), z.unknown()).optional(), { secret: true }),
  labels: z.array(z.string()).optional(),
  entityId: z.string().optional(),
  redirectUri: z.string().optional(),
  adoptId: z.string().optional(),
  /** `ACTIVE`, or `INITIATED` until a person completes `redirectUrl` (OAuth), or `FAILED`. */
  status: z.string(),
  /** OAuth connectors: the page where a person grants access. */
  redirectUrl: z.string().optional(),
  /** The app of the account's connector. */
  appName: z.string().optional(),
  ...locationOutputs,
};

export const connectedAccountDefinition = {
  name: "ConnectedAccount",
  description:
    "An end user's account connected through a connector: its credentials (`data`, secret) and, for OAuth, " +
    "the page where a person grants access (`redirectUrl`). Any change of input replaces it.",
  inputs,
  outputs,
  import: {
    id: "the connected account's id (`GET /api/v1/connectedAccounts/{id}`)",
    unreadableInputs: ["data (the service never shows an account's credentials)"],
    notes:
      "The import records the account's connector, `entityId` (the service's default entity included) and " +
      "labels: give them as imported, since each replaces the account when it changes. Its credentials stay out " +
      "of state, so the first `pulumi up` after the import shows an update of the account when the program " +
      "gives `data`: it records them in state and sends nothing (the service cannot change an account), never " +
      "a replacement. It cannot show no changes: the engine stores a resource's outputs only when its provider " +
      "reports a change, and state without `data` could not tell the next change of credentials (which " +
      "replaces the account) from the first sight of them. From then on `data` diffs as for an account the " +
      'stack created. With `ignoreChanges: ["data"]` the first `up` shows no changes, and `data` stays unmanaged.',
  },
} satisfies ResourceDefinition<typeof inputs, typeof outputs>;

/** The inputs of a ConnectedAccount as a user writes them. */
export type ConnectedAccountInputs = Omit<z.input<z.ZodObject<typeof inputs>>, typeof SECRETS_GIVEN_PLAIN>;

/** Inputs after `check`: defaults filled. During a preview any field may hold the UNKNOWN sentinel. */
export type CheckedConnectedAccountInputs = z.output<z.ZodObject<typeof inputs>>;

/** A ConnectedAccount's outputs: its inputs (data secret) and what the service says of it. */
export type ConnectedAccountOutputs = z.output<z.ZodObject<typeof outputs>>;
