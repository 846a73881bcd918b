/**
 * The release's Python wheel, as a user installs it: in a fresh virtual environment with the lowest `pulumi`
 * the wheel declares and with the newest on PyPI (the quickstart's), each running examples/python-quickstart (`python run.py`, the
 * Automation API, the program inline) from an empty PULUMI_HOME: the CLI downloads the plugin by itself from
 * the release folder served on a loopback port (./support/release-server.ts), where the SDK's
 * `pluginDownloadURL` sends it once the CLI's download override maps the `github://` URL there.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pythonAssetNames } from "../../scripts/release/python";
import { releaseVersion } from "../../scripts/release/version";
import { QuickstartDriver } from "../plugin/support/quickstart-driver";
import { describeQuickstart } from "../plugin/support/quickstart-scenario";
import { freshVenv } from "./support/fresh-venv";
import { releaseFolder } from "./support/release-folder";
import { startReleaseServer, type ReleaseServer } from "./support/release-server";

const EXAMPLE = join(__dirname, "..", "..", "examples", "python-quickstart");
/** The floor of the wheel's `pulumi>=3.269.0,<4.0.0` (test/plugin/schema.test.ts keeps the schema saying so). */
const LOWEST_PULUMI = "3.269.0";
/** The quickstart's own: the newest on PyPI (which can trail the CLI's version). */
const QUICKSTART_PULUMI = /^pulumi==(\S+)$/m.exec(
  readFileSync(join(EXAMPLE, "requirements.txt"), "utf8"),
)![1]!;

const servers: ReleaseServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

for (const pulumi of [LOWEST_PULUMI, QUICKSTART_PULUMI]) {
  let server: ReleaseServer;
  let driver: QuickstartDriver;

  describeQuickstart(
    `Python (the released wheel, pulumi ${pulumi})`,
    "integrations-python-quickstart",
    async (account) => {
      const folder = await releaseFolder();
      server = await startReleaseServer(folder);
      servers.push(server);
      const python = await freshVenv(`pulumi-${pulumi}`, [
        join(folder, pythonAssetNames().wheel),
        `pulumi==${pulumi}`,
      ]);
      driver = await QuickstartDriver.create(
        { command: python, args: [join(EXAMPLE, "run.py")], env: { PYTHONDONTWRITEBYTECODE: "1" } },
        account,
        { pluginDownloads: server.overrideEnv },
      );
      return driver;
    },
  );

  describe(`the plugin of the Python quickstart with pulumi ${pulumi}`, () => {
    it("was downloaded by the CLI from the release, once, into the empty PULUMI_HOME", () => {
      const asset = `pulumi-resource-integrations-v${releaseVersion()}-linux-amd64.tar.gz`;
      expect(server.log.filter((line) => line.includes(asset))).toEqual([
        `GET /pulumi-integrations/pulumi-integrations/releases/download/v${releaseVersion()}/${asset} 200`,
      ]);
      const plugins = readdirSync(join(driver.home, "plugins")).filter(
        (name) => !/\.(lock|lastused|partial)$/.test(name),
      );
      expect(plugins).toEqual([`resource-integrations-v${releaseVersion()}`]);
      expect(existsSync(join(driver.home, "plugins", plugins[0]!, "pulumi-resource-integrations"))).toBe(
        true,
      );
    });
  });
}
