import { execFileSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { EXAMPLE_LANGUAGES, exampleNames } from "../../src/plugin/schema/examples";
import { createStageRoot } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";
import {
  installPlugin,
  nodeOnlyPath,
  offlineEnv,
  pluginTarball,
  startPlugin,
} from "./support/plugin-tarball";
import { ProviderClient } from "./support/provider-client";

const ROOT = join(__dirname, "..", "..");

/** Empty arrays and objects left out, as the CLI writes a schema back (Go's omitempty). */
function withoutEmpties(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmpties);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, item]) => !(typeof item === "object" && item !== null && Object.keys(item).length === 0))
      .map(([key, item]) => [key, withoutEmpties(item)]),
  );
}

describe("the plugin's tarball, installed as Pulumi installs plugins", () => {
  const version = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version as string;
  let tarball: string;
  let home: string;
  let path: string;
  let plugin: ChildProcess | undefined;
  let client: ProviderClient | undefined;

  beforeAll(async () => {
    tarball = await pluginTarball();
    home = mkdtempSync(join(createStageRoot(), "pulumi-home-"));
    path = nodeOnlyPath();
    installPlugin(pinnedCli().bin, home, version, tarball, path);
  }, 240_000);

  afterAll(() => {
    client?.close();
    plugin?.kill();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it("is named for the package's version and holds the executable at its root", () => {
    expect(basename(tarball)).toBe(`pulumi-resource-integrations-v${version}-linux-amd64.tar.gz`);
    const executable = join(
      home,
      "plugins",
      `resource-integrations-v${version}`,
      "pulumi-resource-integrations",
    );
    expect(existsSync(executable)).toBe(true);
    expect(statSync(executable).mode & 0o111).not.toBe(0);
  });

  it("serves the schema to `pulumi package get-schema integrations`, with only Node on PATH", () => {
    const printed = execFileSync(pinnedCli().bin, ["package", "get-schema", "integrations"], {
      env: offlineEnv(home, path),
      encoding: "utf8",
      cwd: home,
    });
    const checkedIn = JSON.parse(readFileSync(join(ROOT, "provider", "schema.json"), "utf8"));
    expect(JSON.parse(printed)).toEqual(withoutEmpties(checkedIn));
  });

  it("shows each resource's and function's example in every language in the schema it serves", () => {
    const printed = execFileSync(pinnedCli().bin, ["package", "get-schema", "integrations"], {
      env: offlineEnv(home, path),
      encoding: "utf8",
      cwd: home,
    });
    const served = JSON.parse(printed) as {
      resources: Record<string, { description: string }>;
      functions: Record<string, { description: string }>;
    };
    const specs = { ...served.resources, ...served.functions };
    expect(Object.keys(specs)).toHaveLength(exampleNames().length);
    const lacking = Object.entries(specs).flatMap(([token, spec]) => {
      const block = /\{\{% examples %\}\}[\s\S]*\{\{% \/examples %\}\}/.exec(spec.description)?.[0] ?? "";
      return EXAMPLE_LANGUAGES.filter((language) => !block.includes("```" + language + "\n")).map(
        (language) => `${token}: ${language}`,
      );
    });
    expect(lacking).toEqual([]);
  });

  it("answers GetPluginInfo with the tarball's version", async () => {
    const executable = join(
      home,
      "plugins",
      `resource-integrations-v${version}`,
      "pulumi-resource-integrations",
    );
    const started = await startPlugin(executable, path);
    plugin = started.process;
    client = new ProviderClient(started.port);
    expect((await client.getPluginInfo()).getVersion()).toBe(version);
    expect(basename(tarball)).toContain(`-v${(await client.getPluginInfo()).getVersion()}-`);
  });
});
