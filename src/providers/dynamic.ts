/**
 * `pulumi-integrations/dynamic`: the stable entry the serialized providers load.
 *
 * COMPATIBILITY PROMISE. Every resource's state holds a `__provider` whose methods call
 * `require("pulumi-integrations/dynamic").connector.<method>(...)` (or another resource's export). That state
 * is what deletes a resource removed from a program, with whatever version of this package is installed
 * then. So, in every later version:
 * - this entry keeps exporting `connector`, `integrationState`, `connectedAccount`, `triggerInstance` and
 *   `triggerWebhook`;
 * - each keeps the methods configure(req), check(olds, news), diff(id, olds, news), create(inputs),
 *   read(id, props), update(id, olds, news), delete(id, props) with these meanings;
 * - each accepts the outputs (state) written by earlier versions.
 */
import { withConnection } from "./connection";
import { createConnectedAccountHandlers, type ConnectedAccountOutputs } from "./connected-account";
import type { CheckedConnectedAccountInputs } from "./connected-account-inputs";
import { createConnectorHandlers } from "./connector";
import type { CheckedConnectorInputs } from "./connector-inputs";
import type { ConnectorOutputs } from "./connector-outputs";
import { createIntegrationStateHandlers } from "./integration-state";
import type { CheckedIntegrationStateInputs } from "./integration-state-inputs";
import type { IntegrationStateOutputs } from "./integration-state-outputs";
import { createTriggerInstanceHandlers, type TriggerInstanceOutputs } from "./trigger-instance";
import type { CheckedTriggerInstanceInputs } from "./trigger-instance-inputs";
import {
  createTriggerWebhookHandlers,
  type CheckedTriggerWebhookInputs,
  type TriggerWebhookOutputs,
} from "./trigger-webhook";

// Each resource also takes an optional `connection` (its account), handled around the handlers.
export const connector = withConnection<CheckedConnectorInputs, ConnectorOutputs>(createConnectorHandlers());
export const integrationState = withConnection<CheckedIntegrationStateInputs, IntegrationStateOutputs>(
  createIntegrationStateHandlers(),
);
export const connectedAccount = withConnection<CheckedConnectedAccountInputs, ConnectedAccountOutputs>(
  createConnectedAccountHandlers(),
);
export const triggerInstance = withConnection<CheckedTriggerInstanceInputs, TriggerInstanceOutputs>(
  createTriggerInstanceHandlers(),
);
export const triggerWebhook = withConnection<CheckedTriggerWebhookInputs, TriggerWebhookOutputs>(
  createTriggerWebhookHandlers(),
);
