/**
 * examples/go-quickstart, run as its README says (`go run . <command>`, here its cached build): the
 * Automation API with the program inline (no pulumi-language-go), on the generated sdk/go through go.mod's
 * `replace`, against the provider plugin installed from its tarball.
 */
import { join } from "node:path";
import { ensureGoProgram } from "../../tools/go/program";
import { QuickstartDriver } from "./support/quickstart-driver";
import { describeQuickstart } from "./support/quickstart-scenario";

const EXAMPLE = join(__dirname, "..", "..", "examples", "go-quickstart");

describeQuickstart("Go", "integrations-go-quickstart", async (account) => {
  const executable = await ensureGoProgram(EXAMPLE, () => undefined);
  return QuickstartDriver.create({ command: executable, args: [] }, account);
});
