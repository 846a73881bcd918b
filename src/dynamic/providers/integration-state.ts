/**
 * The IntegrationState's provider, as a module of its own: `pulumi.dynamic.Resource` serializes it into state as
 * `require("pulumi-integrations/dist/dynamic/providers/integration-state.js")` (../shims.ts). That path and what it
 * exports are part of the compatibility promise (../entry.ts): state that requires it must stay deletable.
 */
import { shimFor } from "../shim";

export = shimFor("integrationState");
