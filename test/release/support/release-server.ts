/**
 * The release folder served on a loopback port as the places a user installs from would serve it:
 * - GitHub's release downloads, `/<owner>/<repo>/releases/download/v<version>/<asset>`, where the CLI's
 *   `PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES` (`overrideEnv`) sends the schema's `github://` URL. The override
 *   turns it into a plain HTTP download, so GitHub's releases API itself is not exercised;
 * - npm's registry for the two packages (`/npm/`): their packuments, with every other package redirected to
 *   the registry npm uses here.
 * Every request is logged as `<method> <path> <status>`. `plugin` says what a plugin asset request gets: the
 * file, corrupted bytes, or a 404.
 */
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Fastify from "fastify";
import { PLUGIN_DOWNLOAD_URL } from "../../../src/plugin/resources";
import { npmAssetNames } from "../../../scripts/release/npm";
import { releaseVersion } from "../../../scripts/release/version";

export type PluginServing = "as-built" | "corrupted" | "missing";

export interface ReleaseServer {
  url: string;
  /** `GET /pulumi-integrations/.../pulumi-resource-integrations-v0.2.0-linux-amd64.tar.gz 200`, one per request. */
  log: string[];
  /** What the CLI needs to download the plugin from this server instead of GitHub. */
  overrideEnv: Record<string, string>;
  /** npm's registry for a user's `npm install`, this server's packages first. */
  npmRegistry: string;
  /** What plugin asset requests get from now on. */
  servePlugin(serving: PluginServing): void;
  close(): Promise<void>;
}

const GITHUB = /^github:\/\/api\.github\.com\/([^/]+)\/([^/]+)$/.exec(PLUGIN_DOWNLOAD_URL)!;
const [, OWNER, REPO] = GITHUB;
const UPSTREAM_NPM = "https://registry.npmjs.org/";

export async function startReleaseServer(
  folder: string,
  options: { plugin?: PluginServing } = {},
): Promise<ReleaseServer> {
  const log: string[] = [];
  let plugin: PluginServing = options.plugin ?? "as-built";
  const app = Fastify({ logger: false });
  app.addHook("onResponse", async (request, reply) => {
    log.push(`${request.method} ${request.url} ${reply.statusCode}`);
  });

  app.get<{ Params: { tag: string; asset: string } }>(
    `/${OWNER}/${REPO}/releases/download/:tag/:asset`,
    async (request, reply) => {
      const { tag, asset } = request.params;
      const file = join(folder, asset);
      if (tag !== `v${releaseVersion()}` || asset.includes("/") || !existsSync(file))
        return reply.code(404).send("Not Found");
      const isPlugin = asset.startsWith("pulumi-resource-");
      if (isPlugin && plugin === "missing") return reply.code(404).send("Not Found");
      const bytes = readFileSync(file);
      if (isPlugin && plugin === "corrupted") bytes.fill(0x41, 0, 64);
      return reply.type("application/octet-stream").send(bytes);
    },
  );

  const packages = npmPackages(folder);
  app.get<{ Params: { "*": string } }>("/npm/*", async (request, reply) => {
    const name = decodeURIComponent(request.params["*"]);
    const local = packages.get(name);
    if (local !== undefined) return reply.type("application/json").send(local.packument(address()));
    const tarball = [...packages.values()].find((item) => name === `-/${item.file}`);
    if (tarball !== undefined)
      return reply.type("application/octet-stream").send(readFileSync(join(folder, tarball.file)));
    return reply.redirect(`${UPSTREAM_NPM}${request.params["*"]}`);
  });

  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = () => {
    const bound = app.server.address();
    if (bound === null || typeof bound === "string") throw new Error("the release server is not listening");
    return `http://127.0.0.1:${bound.port}`;
  };
  const url = address();
  return {
    url,
    log,
    overrideEnv: {
      PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^${escapeRegExp(PLUGIN_DOWNLOAD_URL)}=${url}/${OWNER}/${REPO}/releases/download/v\${VERSION}`,
    },
    npmRegistry: `${url}/npm/`,
    servePlugin: (serving) => {
      plugin = serving;
    },
    close: () => app.close(),
  };
}

interface NpmPackage {
  file: string;
  packument(base: string): unknown;
}

/** The two npm tarballs of the folder, by package name, each with its packument. */
function npmPackages(folder: string): Map<string, NpmPackage> {
  const result = new Map<string, NpmPackage>();
  for (const file of Object.values(npmAssetNames())) {
    const bytes = readFileSync(join(folder, file));
    const manifest = JSON.parse(
      execFileSync("tar", ["-xzOf", join(folder, file), "package/package.json"], { encoding: "utf8" }),
    ) as { name: string; version: string };
    const dist = {
      shasum: createHash("sha1").update(bytes).digest("hex"),
      integrity: `sha512-${createHash("sha512").update(bytes).digest("base64")}`,
    };
    result.set(manifest.name, {
      file,
      packument: (base) => ({
        name: manifest.name,
        "dist-tags": { latest: manifest.version },
        versions: {
          [manifest.version]: { ...manifest, dist: { ...dist, tarball: `${base}/npm/-/${file}` } },
        },
      }),
    });
  }
  return result;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
