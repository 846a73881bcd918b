import { z } from "zod";
import { property, type ResourceDefinition } from "../shared/definition";
import { locationOutputs } from "../shared/location";
import { authConfigField, booleanField, oneOf, requiredString } from "../shared/input-rules";
import { SECRETS_GIVEN_PLAIN, secretsGivenPlainInput } from "../shared/secrets-given-plain";

export const ON_DELETE_POLICIES = ["retain", "restore"] as const;
/** What deleting the resource does: leave the integration as it is, or put back what it found. */
export type OnDeletePolicy = (typeof ON_DELETE_POLICIES)[number];

const inputs = {
  /** The id of an existing integration (connector). Changing it replaces the resource. */
  integrationId: property(requiredString(), { replaceOnChanges: true }),
  /** The integration's `enabled`, managed by this resource. Updated in place. */
  enabled: booleanField().optional(),
  /**
   * authConfig keys to set on the integration (merged into the visible keys it did not set: a PATCH replaces
   * authConfig whole). Secret. Updated in place.
   */
  authConfig: property(authConfigField(), { secret: true }),
  [SECRETS_GIVEN_PLAIN]: secretsGivenPlainInput(),
  /**
   * What deleting the resource does: "retain" (default) leaves the integration as it is; "restore" puts back
   * `enabled` and the visible authConfig keys it found. Touches nothing remote when changed.
   */
  onDelete: property(oneOf(ON_DELETE_POLICIES).default("retain"), { typeName: "IntegrationStateOnDelete" }),
  /**
   * The resource's name in the program, set by the front end: two IntegrationStates of one integration are told
   * apart by it, and a delete knows whether the integration is held by another resource of the deployment.
   */
  resourceName: property(z.string().min(1).optional(), { internal: true }),
};

/** A field that is not managed stays undefined, which is also how diff, read and delete know what is managed. */
const outputs = {
  integrationId: z.string(),
  /** The managed value, refreshed from the server (drift shows on refresh). */
  enabled: z.boolean().optional(),
  /**
   * The applied authConfig; a refresh takes the values the service shows of its keys (the secret ones stay as
   * applied). Secret.
   */
  authConfig: property(z.record(z.string(), z.unknown()).optional(), { secret: true }),
  onDelete: z.enum(ON_DELETE_POLICIES),
  /** `enabled` as it was before this resource changed it: what `onDelete: "restore"` sets back. */
  priorEnabled: z.boolean(),
  /** The authConfig keys the integration showed before this resource changed it (managed authConfig only). Secret. */
  priorAuthConfig: property(z.record(z.string(), z.unknown()).optional(), { secret: true }),
  /**
   * The keys this resource set whose prior values the service never showed (secrets): `onDelete: "restore"`
   * cannot put those back and leaves them as this resource set them.
   */
  unrestorableKeys: z.array(z.string()).optional(),
  resourceName: property(z.string().optional(), { internal: true }),
  ...locationOutputs,
};

export const integrationStateDefinition = {
  name: "IntegrationState",
  description:
    "The mutable state (`enabled`, `authConfig`) of an integration this stack does not own: set on create, " +
    "kept in step on update, and on delete left as it is or put back (`onDelete`). A replacement on the same " +
    "integration lets go before it takes over (delete first), so that the new resource inherits the value the old " +
    "one found. `pulumi up --replace` and a tainted resource ask the provider no diff: the engine then creates the " +
    "new resource first unless the resource option `deleteBeforeReplace` is set, so set it on an IntegrationState " +
    "you replace that way.",
  inputs,
  outputs,
  import: {
    id: "the integration's id (`GET /api/v1/integrations/{id}`)",
    unreadableInputs: ["authConfig (its secret fields: the service never shows them)"],
    notes:
      "The import manages `enabled` as the integration has it, and records that value as the one found: " +
      '`onDelete` is "retain", and with "restore" a delete puts back the value at import.',
  },
} satisfies ResourceDefinition<typeof inputs, typeof outputs>;

/** What to manage: `enabled`, `authConfig` (secret), or both; at least one. Both are updated in place. */
export type ManagedFields =
  | { enabled: boolean; authConfig?: Record<string, unknown> }
  | { enabled?: boolean; authConfig: Record<string, unknown> };

/** The inputs of an IntegrationState as a user writes them. */
export type IntegrationStateInputs = Omit<
  z.input<z.ZodObject<typeof inputs>>,
  keyof ManagedFields | "resourceName" | typeof SECRETS_GIVEN_PLAIN
> &
  ManagedFields;

/** Inputs after `check`: defaults filled. During a preview any field may hold the UNKNOWN sentinel. */
export type CheckedIntegrationStateInputs = z.output<z.ZodObject<typeof inputs>>;

export type IntegrationStateOutputs = z.output<z.ZodObject<typeof outputs>>;
