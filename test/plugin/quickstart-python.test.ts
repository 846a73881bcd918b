/**
 * examples/python-quickstart, run as its README says: `python run.py <command>` with the Automation API
 * (the program inline, no pulumi-language-python), in the cached virtual environment with the generated
 * sdk/python installed, against the provider plugin installed from its tarball.
 */
import { join } from "node:path";
import { ensurePythonEnv } from "../../tools/python/venv";
import { QuickstartDriver } from "./support/quickstart-driver";
import { describeQuickstart } from "./support/quickstart-scenario";

const EXAMPLE = join(__dirname, "..", "..", "examples", "python-quickstart");

describeQuickstart("Python", "integrations-python-quickstart", async (account) => {
  const python = await ensurePythonEnv({
    requirements: join(EXAMPLE, "requirements.txt"),
    log: () => undefined,
  });
  return QuickstartDriver.create(
    { command: python.python, args: [join(EXAMPLE, "run.py")], env: python.env },
    account,
  );
});
