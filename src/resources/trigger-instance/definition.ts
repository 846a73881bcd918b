import { z } from "zod";
import { property, type ResourceDefinition } from "../shared/definition";
import { locationOutputs } from "../shared/location";
import { booleanField, optionalString, requiredString } from "../shared/input-rules";

const inputs = {
  /** The connected account the trigger listens on. Changing it replaces the instance. */
  connectedAccountId: property(requiredString(), { replaceOnChanges: true }),
  /** The trigger's name, e.g. "GITHUB_STAR_ADDED_EVENT". Changing it replaces the instance. */
  triggerName: property(requiredString(), { replaceOnChanges: true }),
  /**
   * Checked against the trigger's config schema before any write. Default `{}`. Changing it replaces the
   * instance (the service identifies an instance by account, trigger and config).
   */
  triggerConfig: property(
    z
      .record(z.string(), z.unknown(), {
        error: 'must be an object, e.g. { owner: "octocat", repo: "hello" }',
      })
      .default({}),
    { replaceOnChanges: true },
  ),
  /** Default true. Updated in place. */
  enabled: booleanField().default(true),
  /**
   * Take over this existing instance (its account, trigger and config must be these). Without it, an
   * instance of the same account, trigger and config that already exists is never taken: create fails
   * and names it. Only read at create time.
   */
  adoptId: optionalString(),
};

/** The outputs are the inputs as applied, `enabled` and `triggerConfig` refreshed. */
const outputs = {
  connectedAccountId: z.string(),
  triggerName: z.string(),
  triggerConfig: z.record(z.string(), z.unknown()),
  enabled: z.boolean(),
  adoptId: z.string().optional(),
  ...locationOutputs,
};

export const triggerInstanceDefinition = {
  name: "TriggerInstance",
  description:
    "A trigger set up on a connected account (`triggerConfig` checked against the trigger's schema before " +
    "any write); its events go to the tenant's callback URL (see TriggerWebhook).",
  inputs,
  outputs,
  import: {
    id: "the trigger instance's id (as `GET /api/v1/triggers/active_triggers` lists it)",
    unreadableInputs: [],
  },
} satisfies ResourceDefinition<typeof inputs, typeof outputs>;

/** The inputs of a TriggerInstance as a user writes them. */
export type TriggerInstanceInputs = z.input<z.ZodObject<typeof inputs>>;

/** Inputs after `check`: defaults filled. During a preview any field may hold the UNKNOWN sentinel. */
export type CheckedTriggerInstanceInputs = z.output<z.ZodObject<typeof inputs>>;

export type TriggerInstanceOutputs = z.output<z.ZodObject<typeof outputs>>;
