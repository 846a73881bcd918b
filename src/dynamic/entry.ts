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
import { createConnectedAccountHandlers } from "../resources/connected-account/handlers";
import type {
  CheckedConnectedAccountInputs,
  ConnectedAccountOutputs,
} from "../resources/connected-account/definition";
import { createConnectorHandlers } from "../resources/connector/handlers";
import type { CheckedConnectorInputs, ConnectorOutputs } from "../resources/connector/definition";
import { createIntegrationStateHandlers } from "../resources/integration-state/handlers";
import type {
  CheckedIntegrationStateInputs,
  IntegrationStateOutputs,
} from "../resources/integration-state/definition";
import { withConnection } from "../resources/shared/connection";
import { createTriggerInstanceHandlers } from "../resources/trigger-instance/handlers";
import type {
  CheckedTriggerInstanceInputs,
  TriggerInstanceOutputs,
} from "../resources/trigger-instance/definition";
import { createTriggerWebhookHandlers } from "../resources/trigger-webhook/handlers";
import type {
  CheckedTriggerWebhookInputs,
  TriggerWebhookOutputs,
} from "../resources/trigger-webhook/definition";

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
