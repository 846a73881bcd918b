/**
 * The Go SDK as the tag `sdk/go/v<version>` publishes it (module `github.com/pulumi-integrations/pulumi-integrations/sdk/go`),
 * written in a module proxy's layout under `<out>/go/`: `GOPROXY=file://<out>/go` resolves it as the public
 * proxy resolves the tag (tools/pulumi/gomodzip makes the zip with the go command's own code).
 */
import { join } from "node:path";
import { ensureGoCommand, runGoCommand } from "../../tools/go/command";
import { REPO_DIR, releaseVersion } from "./version";

export const GO_SDK_MODULE = "github.com/pulumi-integrations/pulumi-integrations/sdk/go";
/** The folder the proxy layout goes in, under the release folder. */
export const GO_PROXY_DIR = "go";

export async function writeGoModule(outDir: string, log: (line: string) => void): Promise<string[]> {
  const bin = await ensureGoCommand(
    { moduleDir: join(REPO_DIR, "tools", "pulumi"), source: "gomodzip", name: "gomodzip" },
    log,
  );
  const version = `v${releaseVersion()}`;
  const proxy = join(outDir, GO_PROXY_DIR);
  log(`Writing the Go module ${GO_SDK_MODULE}@${version} in a module proxy's layout...`);
  await runGoCommand(bin, [
    "-dir",
    join(REPO_DIR, "sdk", "go"),
    "-module",
    GO_SDK_MODULE,
    "-version",
    version,
    "-out",
    proxy,
  ]);
  const files = join(proxy, ...GO_SDK_MODULE.split("/"), "@v");
  return ["list", `${version}.info`, `${version}.mod`, `${version}.zip`].map((name) => join(files, name));
}
