import { z } from "zod";
import { property, type ResourceDefinition } from "../shared/definition";
import { locationOutputs } from "../shared/location";
import { httpUrl, oneOf } from "../shared/input-rules";

export const WEBHOOK_ON_DELETE = ["restore", "retain"] as const;

const inputs = {
  /** Where the service POSTs trigger events (http or https). Updated in place. */
  url: httpUrl("https://hooks.example.com/events"),
  /**
   * Default "restore": deleting the resource puts back the callback URL found before this resource set it
   * (unless someone changed it since). "retain" leaves the URL as it is.
   */
  onDelete: property(oneOf(WEBHOOK_ON_DELETE).default("restore"), { typeName: "TriggerWebhookOnDelete" }),
  /** The resource's name in the program, set by the resource class: one TriggerWebhook per tenant is checked by it. */
  resourceName: property(z.string().min(1), { internal: true }),
};

const outputs = {
  url: z.string(),
  onDelete: z.enum(WEBHOOK_ON_DELETE),
  resourceName: property(z.string(), { internal: true }),
  /** The key that signs every delivery (see verifyWebhook). Secret. */
  webhookSecret: property(z.string(), { secret: true }),
  /** The callback URL before this resource set it; absent when there was none. */
  priorUrl: z.string().optional(),
  ...locationOutputs,
};

export const triggerWebhookDefinition = {
  name: "TriggerWebhook",
  description:
    "The tenant's one callback URL, where the service POSTs trigger events, and the secret that signs them " +
    "(`webhookSecret`, for verifyWebhook). On delete it puts back the URL it found (`onDelete`). One " +
    "TriggerWebhook per account in a stack. A replacement lets go of the URL before it takes it over (delete " +
    "first), so that the new resource inherits the URL the old one found. `pulumi up --replace` and a tainted " +
    "resource ask the provider no diff: the engine then creates the new resource first unless the resource option " +
    "`deleteBeforeReplace` is set, and the old one's delete would put back the URL it found while the new one " +
    "holds the account; set the option on a TriggerWebhook you replace that way.",
  inputs,
  outputs,
  import: {
    id: "`callback-url` (the account has one callback URL; any other id is refused)",
    unreadableInputs: [],
    notes:
      "The import manages the URL as the account has it and records it as the one found: with the default " +
      '`onDelete: "restore"`, a delete after the program changed the URL puts back the URL at import.',
  },
} satisfies ResourceDefinition<typeof inputs, typeof outputs>;

/** The inputs of a TriggerWebhook as a user writes them. */
export type TriggerWebhookInputs = Omit<z.input<z.ZodObject<typeof inputs>>, "resourceName">;

/** Inputs after `check`. `resourceName` is set by the resource class, not by users. */
export type CheckedTriggerWebhookInputs = z.output<z.ZodObject<typeof inputs>>;

export type TriggerWebhookOutputs = z.output<z.ZodObject<typeof outputs>>;
