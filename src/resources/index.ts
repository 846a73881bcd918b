import type { z } from "zod";
import { createConnectedAccountHandlers } from "./connected-account/handlers";
import { connectedAccountDefinition } from "./connected-account/definition";
import { createConnectorHandlers } from "./connector/handlers";
import {
  AUTONAME_SCOPE,
  connectorDefinition,
  PROPOSED_NAME,
  type CheckedConnectorInputs,
} from "./connector/definition";
import { appliedIdentity } from "./connector/outputs";
import { createIntegrationStateHandlers } from "./integration-state/handlers";
import { integrationStateDefinition } from "./integration-state/definition";
import type { AutonameInputs } from "./shared/autoname";
import type { ResourceDefinition } from "./shared/definition";
import { withoutSecretValuesShown } from "./shared/check-failures";
import { isReadById, withDefaults, withoutDefaults } from "./shared/read-by-id";
import { withLocation, type LocationOptions, type LocationProps } from "./shared/location";
import type { ResourceHandlers } from "./shared/types";
import { createTriggerInstanceHandlers } from "./trigger-instance/handlers";
import { triggerInstanceDefinition } from "./trigger-instance/definition";
import { createTriggerWebhookHandlers } from "./trigger-webhook/handlers";
import { triggerWebhookDefinition } from "./trigger-webhook/definition";

/** Plain values, as both front ends hand them over: each row's own check validates and parses them. */
export type PlainProps = Record<string, unknown>;

/** One resource: what it is, and the handlers both front ends serve it with. */
export interface ResourceRow {
  definition: ResourceDefinition<z.ZodRawShape, z.ZodRawShape>;
  /**
   * Made once per process (the dynamic provider's process and the plugin's each have their own), with the
   * location rules every resource keeps (shared/location.ts).
   */
  handlers: ResourceHandlers<PlainProps, PlainProps>;
  /**
   * Where the definition is declared: `src/resources/<folder>/definition.ts`, exporting `<export>`. The plugin's
   * schema generator reads the doc comments there.
   */
  source: { folder: string; export: string };
  /** The inputs through which a front end autonames the resource, if it is autonamed. */
  autoname?: AutonameInputs;
  /**
   * Internal inputs a front end sets from the resource's identity (the dynamic classes from their constructor's
   * name, the plugin from the URN); they win over anything a program sends under those keys.
   */
  internalInputs?: (resource: { name: string }) => PlainProps;
  /**
   * Outputs that are copies of inputs, kept because Pulumi's dynamic-provider host hands diff (and read) the
   * old outputs only: each derived from the checked inputs. A front end whose calls carry the old inputs too
   * (the plugin: Diff, Update, Delete and Read do) leaves them out of state and derives them from the old
   * inputs before handing the old outputs to the handlers, unless the state (written by an earlier version)
   * holds them.
   */
  inputCopies?: Record<string, (inputs: PlainProps, outputs: PlainProps) => unknown>;
}

/**
 * Every resource, one row each, keyed as the stable entry `pulumi-integrations/dynamic` exports them, with
 * handlers of their own (a test makes a fresh set to stand for a new provider process). A new resource is a
 * folder under src/resources and a row here; the dynamic front end wraps the rows with its `connection` input,
 * the plugin serves them as they are.
 */
export function createResources() {
  return {
    connector: {
      definition: connectorDefinition,
      handlers: served(connectorDefinition, createConnectorHandlers()),
      source: { folder: "connector", export: "connectorDefinition" },
      autoname: { name: "name", prefix: "namePrefix", scope: AUTONAME_SCOPE, proposed: PROPOSED_NAME },
      inputCopies: {
        // An autonamed connector's inputs hold no name: the one its create chose is in its outputs. Imported
        // inputs leave the defaults out (a read by id): they stand for the defaults, as check fills them.
        lastApplied: (inputs, outputs) =>
          appliedIdentity(
            withDefaults(inputs, connectorDefinition.inputs) as CheckedConnectorInputs,
            String(inputs.name ?? outputs.name),
          ),
      },
    },
    integrationState: {
      definition: integrationStateDefinition,
      handlers: served(integrationStateDefinition, createIntegrationStateHandlers()),
      source: { folder: "integration-state", export: "integrationStateDefinition" },
      // One IntegrationState per integration in a stack: check tells them apart by their logical names.
      internalInputs: ({ name }) => ({ resourceName: name }),
    },
    connectedAccount: {
      definition: connectedAccountDefinition,
      handlers: served(connectedAccountDefinition, createConnectedAccountHandlers()),
      source: { folder: "connected-account", export: "connectedAccountDefinition" },
    },
    triggerInstance: {
      definition: triggerInstanceDefinition,
      handlers: served(triggerInstanceDefinition, createTriggerInstanceHandlers()),
      source: { folder: "trigger-instance", export: "triggerInstanceDefinition" },
    },
    triggerWebhook: {
      definition: triggerWebhookDefinition,
      // Every account has one callback URL, id `callback-url`: reading it proves no account.
      handlers: served(triggerWebhookDefinition, createTriggerWebhookHandlers(), { idProvesLocation: false }),
      source: { folder: "trigger-webhook", export: "triggerWebhookDefinition" },
      // One TriggerWebhook per account in a stack: check tells them apart by their logical names.
      internalInputs: ({ name }) => ({ resourceName: name }),
    },
  } satisfies Record<string, ResourceRow>;
}

/** The rows of this process: what both front ends serve. */
export const RESOURCES = createResources();

export type ResourceKind = keyof typeof RESOURCES;

/**
 * A resource's handlers with the rules every resource keeps, whichever front end serves them: where its object
 * lives (shared/location.ts), and check failures that never make the engine print a secret.
 */
function served<I extends object, O extends object>(
  definition: { name: string; inputs: z.ZodRawShape },
  handlers: ResourceHandlers<I, O>,
  location?: LocationOptions,
): ResourceHandlers<I, O & LocationProps> {
  const located = withLocation(definition.name, handlers, location);
  return {
    ...located,
    async check(olds, news) {
      const checked = await located.check(olds, news);
      return { ...checked, failures: withoutSecretValuesShown(checked.failures) };
    },
    async read(id, props) {
      const read = await located.read(id, props);
      if (!isReadById(props) || read.inputs === undefined) return read;
      return { ...read, inputs: withoutDefaults(read.inputs, definition.inputs) as I };
    },
  };
}
