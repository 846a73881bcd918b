/**
 * examples/plugin-quickstart: the quickstart as a TypeScript program of the plugin's generated Node.js SDK
 * (@pulumi-integrations/sdk, built from sdk/nodejs and type-checked against), run by the real CLI through the
 * project's language host, against the provider plugin installed from its tarball.
 */
import { join } from "node:path";
import { describeQuickstart } from "./support/quickstart-scenario";
import { QuickstartStack } from "./support/quickstart-stack";

const EXAMPLE = join(__dirname, "..", "..", "examples", "plugin-quickstart");

describeQuickstart("TypeScript", "integrations-plugin-quickstart", (account) =>
  QuickstartStack.create(EXAMPLE, account),
);
