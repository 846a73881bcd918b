/**
 * Lost creates through the dynamic resources on the real CLI (test/support/lost-create-suite.ts): a connector's
 * create and a trigger instance's enable whose responses are lost, with a late commit, and with the server's
 * clock an hour off either way. The same scenarios through the plugin: test/plugin/plugin-lost-create.test.ts.
 */
import { describeLostCreates } from "../support/lost-create-suite";
import { E2eStack } from "./support/e2e-stack";
import { CONNECTOR_TYPE, TRIGGER_INSTANCE_TYPE } from "./support/leak-checks";

describeLostCreates("lost creates through the dynamic resources", {
  connectorType: CONNECTOR_TYPE,
  instanceType: TRIGGER_INSTANCE_TYPE,
  stack: async (api, accountId) =>
    (await E2eStack.create("lost-create", api, { config: { accountId } })).stack,
});
