import { z } from "zod";

/**
 * The body of a delivery (the service's V2 shape). Read by the tolerance rule of
 * `src/client/TOLERANCE.md`: the ids a consumer routes by (`type`, `data.connection_id`,
 * `data.trigger_id`) are needed; the rest is informational, and unknown keys (the trigger's own payload
 * fields) are kept.
 */
export const webhookEventSchema = z.looseObject({
  /** The trigger's name in lower case, e.g. `github_star_added_event`. */
  type: z.string(),
  /** When the event happened (ISO 8601); absent when the server does not say. */
  timestamp: z.string().optional().catch(undefined),
  /** The trigger log entry of this delivery. */
  log_id: z.string().optional().catch(undefined),
  data: z.looseObject({
    /** The connected account the trigger watches. */
    connection_id: z.string(),
    /** The trigger instance that fired. */
    trigger_id: z.string(),
  }),
});

/** A verified delivery's event: the trigger's payload fields are in `data` beside the two ids. */
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
