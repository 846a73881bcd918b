/**
 * The Installing guide (docs/guides/installing.md), run as written against the release folder served on a loopback port
 * (./support/release-server.ts): each block's commands unchanged, only where each tool downloads from
 * changed (the CLI's PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES, npm's registry, pip's find-links, GOPROXY, a Maven
 * repository). The YAML block runs as a program on the real pulumi-language-yaml from an empty PULUMI_HOME,
 * so the CLI downloads the plugin by itself; a corrupted and a missing asset fail with the CLI's own error and
 * create nothing.
 */
import { execFile } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { GO_PROXY_DIR } from "../../scripts/release/go";
import { javaAssetNames } from "../../scripts/release/java";
import { releaseVersion } from "../../scripts/release/version";
import { PLUGIN_DOWNLOAD_URL } from "../../src/plugin/resources";
import { JAVA_SDK_ARTIFACT, JAVA_SDK_GROUP, mavenRepository, runMaven } from "../../tools/java/maven";
import { PulumiStack } from "../../tools/pulumi/stack";
import { startE2eApi, type E2eApi } from "../e2e/support/e2e-api";
import { liveConnectorIds } from "../support/live-connectors";
import { createStageRoot } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";
import { freshVenv } from "./support/fresh-venv";
import { installingGuideBlocks } from "./support/installing-guide";
import { releaseFolder } from "./support/release-folder";
import { startReleaseServer, type PluginServing, type ReleaseServer } from "./support/release-server";

const version = releaseVersion();
const blocks = installingGuideBlocks();
const ASSET = `pulumi-resource-integrations-v${version}-linux-amd64.tar.gz`;
const ASSET_PATH = `/pulumi-integrations/pulumi-integrations/releases/download/v${version}/${ASSET}`;

function stageDir(name: string): string {
  return mkdtempSync(join(createStageRoot(), `installing-${name}-`));
}

/** Runs a README block with `sh -e`, as a user pastes it into a shell, with `env` added. */
async function runBlock(block: string, cwd: string, env: Record<string, string>): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)("sh", ["-ec", block], {
    cwd,
    env: { ...process.env, ...env },
    encoding: "utf8",
    maxBuffer: 32 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
    throw new Error(`${block.trim()} failed: ${error.stderr || error.stdout || error.message}`);
  });
  return stdout + stderr;
}

/** The plugin folders the CLI finished installing (one it is writing, or failed to, has a `.partial` beside it). */
function installedPlugins(home: string): string[] {
  const dir = join(home, "plugins");
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir);
  return names.filter(
    (name) => !/\.(lock|lastused|partial)$/.test(name) && !names.includes(`${name}.partial`),
  );
}

describe("the Installing guide, run as written", () => {
  let folder: string;
  let server: ReleaseServer;
  beforeAll(async () => {
    folder = await releaseFolder();
    server = await startReleaseServer(folder);
  }, 300_000);
  afterAll(() => server?.close());

  it("names the release's version everywhere it names one", () => {
    const versions = Object.values(blocks).flatMap(({ text }) =>
      [...text.matchAll(/\bv?(\d+\.\d+\.\d+)\b/g)].map((match) => match[1]),
    );
    expect(versions.length).toBeGreaterThanOrEqual(4);
    expect(new Set(versions)).toEqual(new Set([version]));
    expect(blocks.pluginInstall.text).toContain(PLUGIN_DOWNLOAD_URL);
    expect(blocks.yaml.text).toContain(PLUGIN_DOWNLOAD_URL);
  });

  it("installs the plugin by hand from the release: `pulumi plugin install ... --server github://...`", async () => {
    const home = stageDir("plugin-home");
    const cli = pinnedCli();
    await runBlock(blocks.pluginInstall.text, home, {
      PATH: `${cli.dir}:${process.env.PATH}`,
      PULUMI_HOME: home,
      PULUMI_SKIP_UPDATE_CHECK: "true",
      ...server.overrideEnv,
    });
    expect(installedPlugins(home)).toEqual([`resource-integrations-v${version}`]);
    expect(server.log).toContain(`GET ${ASSET_PATH} 200`);
  });

  describe("the YAML block as a program, the plugin downloaded by the CLI", () => {
    let api: E2eApi;
    beforeAll(async () => {
      api = await startE2eApi();
    });
    afterAll(() => api?.close());

    async function yamlStack(serving: PluginServing): Promise<{ stack: PulumiStack; server: ReleaseServer }> {
      const own = await startReleaseServer(folder, { plugin: serving });
      const programDir = stageDir(`yaml-${serving}`);
      writeFileSync(
        join(programDir, "Pulumi.yaml"),
        `name: installing-yaml\nruntime: yaml\n${blocks.yaml.text}`,
      );
      const stack = await PulumiStack.create({
        cli: pinnedCli(),
        programDir,
        realLanguageHost: true,
        pluginDownloads: true,
        env: {
          ...own.overrideEnv,
          PULUMI_IGNORE_AMBIENT_PLUGINS: "true",
          INTEGRATIONS_API_KEY: api.apiKey,
          INTEGRATIONS_BASE_URL: api.emulator.url,
        },
      });
      return { stack, server: own };
    }

    it.each([
      ["corrupted", "uncompressing: gzip: invalid header"],
      ["missing", `404 HTTP error fetching plugin from ${"{server}"}${ASSET_PATH}`],
    ] as const)(
      "a %s asset fails with the CLI's own error and creates nothing; fixed, up downloads the plugin and creates the connector; destroy without the plugin downloads it again",
      async (serving, message) => {
        const { stack, server: own } = await yamlStack(serving);
        try {
          const up = await stack.up();
          expect(up.exitCode).not.toBe(0);
          expect(up.output).toContain(
            `Could not automatically download and install resource plugin 'pulumi-resource-integrations' at version v${version}`,
          );
          expect(up.output).toContain(message.replace("{server}", own.url));
          expect(installedPlugins(join(stack.workDir, "home"))).toEqual([]);
          expect(
            (await stack.resources()).filter((resource) => resource.type.startsWith("integrations:")),
          ).toEqual([]);
          expect(await liveConnectorIds(api.client, "github-main")).toEqual([]);

          // The CLI marked its failed install as partial: the next run downloads again.
          own.servePlugin("as-built");
          expect((await stack.up()).error).toBeUndefined();
          expect(own.log.filter((line) => line.includes(ASSET)).at(-1)).toBe(`GET ${ASSET_PATH} 200`);
          expect(installedPlugins(join(stack.workDir, "home"))).toEqual([
            `resource-integrations-v${version}`,
          ]);
          const connectors = await liveConnectorIds(api.client, "github-main");
          expect(connectors).toHaveLength(1);
          const resources = await stack.resources();
          expect(resources.find((resource) => resource.type === "integrations:index:Connector")?.id).toBe(
            connectors[0],
          );
          const provider = resources.find((resource) => resource.type === "pulumi:providers:integrations");
          expect(provider?.inputs).toMatchObject({ version });

          // A destroy runs no program: the engine takes the plugin's version and download URL from the provider's
          // state, so a machine without the plugin (a new CI runner) downloads it again.
          rmSync(join(stack.workDir, "home", "plugins"), { recursive: true, force: true });
          const downloads = own.log.filter((line) => line === `GET ${ASSET_PATH} 200`).length;
          expect((await stack.destroy()).error).toBeUndefined();
          expect(own.log.filter((line) => line === `GET ${ASSET_PATH} 200`)).toHaveLength(downloads + 1);
          expect(await liveConnectorIds(api.client, "github-main")).toEqual([]);
        } finally {
          await own.close();
          await stack.dispose();
        }
      },
      180_000,
    );
  });

  it("npm: installs @pulumi-integrations/sdk, which names the plugin's version and where it downloads from", async () => {
    const dir = stageDir("npm");
    // A program that already uses Pulumi, as the SDK's users' do.
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({ name: "app", private: true, dependencies: { "@pulumi/pulumi": "3.248.0" } }),
    );
    await runBlock(blocks.npm.text, dir, {
      npm_config_registry: server.npmRegistry,
      npm_config_audit: "false",
      npm_config_fund: "false",
      npm_config_prefer_offline: "true",
    });
    const installed = JSON.parse(
      readFileSync(join(dir, "node_modules", "@pulumi-integrations", "sdk", "package.json"), "utf8"),
    );
    expect(installed).toMatchObject({
      version,
      pulumi: { name: "integrations", version, server: PLUGIN_DOWNLOAD_URL },
    });
    // The tarball itself may come from npm's cache, which holds it by its integrity: the same bytes.
    expect(server.log).toContain("GET /npm/@pulumi-integrations%2fsdk 200");
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["-e", 'console.log(typeof require("@pulumi-integrations/sdk").Connector)'],
      { cwd: dir, encoding: "utf8" },
    );
    expect(stdout.trim()).toBe("function");
  }, 180_000);

  it("pip: installs pulumi-integrations with the newest pulumi PyPI has", async () => {
    const python = await freshVenv("installing", []);
    const binDir = join(python, "..");
    await runBlock(blocks.pip.text, stageDir("pip"), {
      PATH: `${binDir}:${process.env.PATH}`,
      PIP_FIND_LINKS: [process.env.PIP_FIND_LINKS, folder].filter(Boolean).join(" "),
    });
    const { stdout } = await promisify(execFile)(
      python,
      [
        "-c",
        "import importlib.metadata as m, pulumi_integrations; print(m.version('pulumi-integrations'), m.version('pulumi'))",
      ],
      { encoding: "utf8" },
    );
    const [sdk, pulumi] = stdout.trim().split(" ");
    expect(sdk).toBe(version);
    const [major, minor] = pulumi!.split(".").map(Number);
    expect(major === 3 && minor! >= 269).toBe(true);
    console.log(`pip install pulumi-integrations took pulumi ${pulumi}, the newest on PyPI here`);
  }, 300_000);

  it("go: `go get` resolves the Go SDK from a module proxy, a program builds on it, `go mod verify` passes", async () => {
    const dir = stageDir("go");
    const goEnv = {
      GOPROXY: `file://${join(folder, GO_PROXY_DIR)},${process.env.GOPROXY ?? "https://proxy.golang.org"}`,
      // Not in the public checksum database: as for any module not published yet. GOPRIVATE would also send
      // it around the proxy (GONOPROXY defaults to it), so GONOPROXY names nothing.
      GOPRIVATE: "github.com/pulumi-integrations/*",
      GONOPROXY: "none",
      GOFLAGS: "-mod=mod",
      GOTOOLCHAIN: "local",
    };
    const go = (...args: string[]) =>
      promisify(execFile)("go", args, {
        cwd: dir,
        env: { ...process.env, ...goEnv },
        encoding: "utf8",
      }).catch((error: { stderr?: string; message: string }) => {
        throw new Error(`go ${args.join(" ")} failed: ${error.stderr || error.message}`);
      });
    // Never a copy an earlier run downloaded (the SDK's files change between builds of one version): this run's
    // module only. Go keeps its module cache read-only.
    const modCache = (await go("env", "GOMODCACHE")).stdout.trim();
    for (const cached of [
      join(modCache, "github.com", "pulumi-integrations", "pulumi-integrations", "sdk", `go@v${version}`),
      join(
        modCache,
        "cache",
        "download",
        "github.com",
        "pulumi-integrations",
        "pulumi-integrations",
        "sdk",
        "go",
      ),
    ]) {
      if (!existsSync(cached)) continue;
      await promisify(execFile)("chmod", ["-R", "u+w", cached]);
      rmSync(cached, { recursive: true, force: true });
    }
    await go("mod", "init", "example.com/app");
    // A program that already uses Pulumi, as the SDK's users' do (the CLI's own version).
    await go(
      "get",
      `github.com/pulumi/pulumi/sdk/v3@v${readFileSync(join(__dirname, "..", "..", "tools", "pulumi", "go.mod"), "utf8").match(/pulumi\/sdk\/v3 v(\S+)/)![1]}`,
    );
    writeFileSync(
      join(dir, "main.go"),
      [
        "package main",
        "",
        "import (",
        '\t"github.com/pulumi-integrations/pulumi-integrations/sdk/go/integrations"',
        '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
        ")",
        "",
        "func main() {",
        "\tpulumi.Run(func(ctx *pulumi.Context) error {",
        '\t\t_, err := integrations.NewConnector(ctx, "github", &integrations.ConnectorArgs{AppName: pulumi.String("github"), AuthScheme: pulumi.String("BEARER_TOKEN")})',
        "\t\treturn err",
        "\t})",
        "}",
        "",
      ].join("\n"),
    );
    await runBlock(blocks.goGet.text, dir, goEnv);
    expect(readFileSync(join(dir, "go.mod"), "utf8")).toContain(
      `github.com/pulumi-integrations/pulumi-integrations/sdk/go v${version}`,
    );
    expect(readFileSync(join(dir, "go.mod"), "utf8")).not.toContain("replace");
    await go("build", "-o", join(dir, "app"), ".");
    expect(existsSync(join(dir, "app"))).toBe(true);
    const verified = await go("mod", "verify");
    expect(verified.stdout.trim()).toBe("all modules verified");
  }, 600_000);

  it("Maven: the dependency resolves the released jar and pom, and a program compiles and verifies against it", async () => {
    const names = javaAssetNames();
    const repository = stageDir("maven-repository");
    const artifactDir = join(repository, ...JAVA_SDK_GROUP.split("."), JAVA_SDK_ARTIFACT, version);
    mkdirSync(artifactDir, { recursive: true });
    for (const name of Object.values(names)) cpSync(join(folder, name), join(artifactDir, name));
    // Never a copy an earlier run resolved: this run's artifacts only.
    const cached = join(mavenRepository(), ...JAVA_SDK_GROUP.split("."), JAVA_SDK_ARTIFACT, version);
    rmSync(cached, { recursive: true, force: true });

    const dir = stageDir("maven");
    const quickstartPom = readFileSync(
      join(__dirname, "..", "..", "examples", "java-quickstart", "pom.xml"),
      "utf8",
    );
    const pulumiVersion = /<pulumi\.version>([^<]+)</.exec(quickstartPom)![1];
    writeFileSync(
      join(dir, "pom.xml"),
      `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>example</groupId>
  <artifactId>app</artifactId>
  <version>1.0</version>
  <properties>
    <maven.compiler.release>11</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
    <dependency>
      <groupId>com.pulumi</groupId>
      <artifactId>pulumi</artifactId>
      <version>${pulumiVersion}</version>
    </dependency>
${blocks.maven.text.replace(/^/gm, "    ")}
  </dependencies>
  <build>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-compiler-plugin</artifactId>
        <version>3.13.0</version>
      </plugin>
    </plugins>
  </build>
</project>
`,
    );
    const source = join(dir, "src", "main", "java", "example");
    mkdirSync(source, { recursive: true });
    writeFileSync(
      join(source, "App.java"),
      `package example;

import com.pulumi.Pulumi;
import io.github.pulumiintegrations.integrations.Connector;
import io.github.pulumiintegrations.integrations.ConnectorArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> new Connector("github", ConnectorArgs.builder().appName("github").authScheme("BEARER_TOKEN").build()));
    }
}
`,
    );
    const settings = join(dir, "settings.xml");
    writeFileSync(
      settings,
      `<settings><profiles><profile><id>release</id><repositories><repository><id>release</id><url>file://${repository}</url></repository></repositories></profile></profiles><activeProfiles><activeProfile>release</activeProfile></activeProfiles></settings>\n`,
    );
    try {
      const run = await runMaven(["-s", settings, "verify"], dir);
      expect(run.stdout).toContain("BUILD SUCCESS");
      expect(readFileSync(join(cached, names.jar))).toEqual(readFileSync(join(folder, names.jar)));
    } finally {
      rmSync(cached, { recursive: true, force: true });
    }
  }, 300_000);
});
