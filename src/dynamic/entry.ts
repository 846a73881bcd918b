/**
 * `pulumi-integrations/dynamic`: the stable entry the serialized providers load.
 *
 * COMPATIBILITY PROMISE. Every resource's state holds a `__provider`, which is either a
 * `require("pulumi-integrations/dist/dynamic/providers/<kind>.js")` (./providers/, from 0.2.0, where the program
 * loads the package from its node_modules: ./shims.ts) or methods that call
 * `require("pulumi-integrations/dynamic").connector.<method>(...)` (or another resource's export). That state
 * is what deletes a resource removed from a program, with whatever version of this package is installed
 * then. So, in every later version:
 * - this entry keeps exporting `connector`, `integrationState`, `connectedAccount`, `triggerInstance` and
 *   `triggerWebhook`;
 * - each keeps the methods configure(req), check(olds, news), diff(id, olds, news), create(inputs),
 *   read(id, props), update(id, olds, news), delete(id, props) with these meanings;
 * - the package keeps exporting `./dist/dynamic/providers/connector.js`, `integration-state.js`,
 *   `connected-account.js`, `trigger-instance.js` and `trigger-webhook.js` under those very paths, each
 *   module's exports that kind's provider (those methods, delegating to this entry);
 * - each accepts the outputs (state) written by earlier versions.
 */
import { engineLog } from "../engine-log";
import { RESOURCES } from "../resources";
import { withConnection } from "../resources/shared/connection";
import { setWarningSink } from "../resources/shared/warnings";

// In Pulumi's dynamic-provider host (which the engine starts with its own address as the first argument),
// the handlers' warnings go to the engine's log, as the plugin's do.
const engineAddress = process.argv[2];
if (/[\\/]cmd[\\/]dynamic-provider[\\/]index\.js$/.test(require.main?.filename ?? "") && engineAddress) {
  setWarningSink(engineLog(engineAddress).warn);
}

// Each resource also takes an optional `connection` (its account), handled around the registry's handlers.
export const connector = withConnection(RESOURCES.connector.handlers);
export const integrationState = withConnection(RESOURCES.integrationState.handlers);
export const connectedAccount = withConnection(RESOURCES.connectedAccount.handlers);
export const triggerInstance = withConnection(RESOURCES.triggerInstance.handlers);
export const triggerWebhook = withConnection(RESOURCES.triggerWebhook.handlers);
