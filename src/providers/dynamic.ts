/**
 * `pulumi-integrations/dynamic`: the stable entry the serialized providers load.
 *
 * COMPATIBILITY PROMISE. Every resource's state holds a `__provider` whose methods call
 * `require("pulumi-integrations/dynamic").connector.<method>(...)` (or `.integrationState`). That state
 * is what deletes a resource removed from a program, with whatever version of this package is installed
 * then. So, in every later version:
 * - this entry keeps exporting `connector` and `integrationState`;
 * - each keeps the methods configure(req), check(olds, news), diff(id, olds, news), create(inputs),
 *   read(id, props), update(id, olds, news), delete(id, props) with these meanings;
 * - each accepts the outputs (state) written by earlier versions.
 */
import { createConnectorHandlers, type ConnectorHandlers } from "./connector";
import { createIntegrationStateHandlers, type IntegrationStateHandlers } from "./integration-state";

export const connector: ConnectorHandlers = createConnectorHandlers();
export const integrationState: IntegrationStateHandlers = createIntegrationStateHandlers();
