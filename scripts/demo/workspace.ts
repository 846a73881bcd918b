/** The demo's files under .demo/ and the one-time set-up of the quickstart program. */
import { randomBytes } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join, relative, resolve } from "node:path";
import { generateApiKey, type Fixtures } from "../../src/emulator";

/** A Slack connector that "another team" created before the stack existed; the stack takes it over. */
export const SHARED_SLACK_INTEGRATION_ID = "5c0e6f7e-2d2b-4d55-9b1f-0c9a4f3e7a21";

export interface DemoPaths {
  root: string;
  demoDir: string;
  program: string;
  emulatorData: string;
  stateDir: string;
  relative(path: string): string;
}

export interface Demo {
  apiKey: string;
  passphrase: string;
  githubClientSecret: string;
  fixtures: Fixtures;
  config: Record<string, string>;
}

export function demoPaths(): DemoPaths {
  const root = resolve(__dirname, "..", "..");
  const demoDir = join(root, ".demo");
  return {
    root,
    demoDir,
    program: join(root, "examples", "quickstart"),
    emulatorData: join(demoDir, "emulator-data.json"),
    stateDir: join(demoDir, "state"),
    relative: (path) => relative(process.cwd(), path) || ".",
  };
}

export async function prepareDemo(paths: DemoPaths): Promise<Demo> {
  mkdirSync(paths.stateDir, { recursive: true });
  linkPackageInto(paths.program, paths.root);
  // Made once and kept, so that later runs talk to the same emulator tenant and decrypt the same state.
  const apiKey = keptSecret(join(paths.demoDir, "api-key"), generateApiKey);
  const passphrase = keptSecret(join(paths.demoDir, "passphrase"), () =>
    randomBytes(24).toString("base64url"),
  );
  const githubClientSecret = keptSecret(join(paths.demoDir, "github-client-secret"), () =>
    randomBytes(16).toString("hex"),
  );
  return {
    apiKey,
    passphrase,
    githubClientSecret,
    fixtures: {
      tenants: {
        [apiKey]: {
          integrations: [
            {
              id: SHARED_SLACK_INTEGRATION_ID,
              name: "slack-shared",
              appName: "slack",
              authScheme: "OAUTH2",
              authConfig: {
                client_id: "shared-slack-client",
                client_secret: randomBytes(16).toString("hex"),
              },
              enabled: false,
            },
          ],
        },
      },
    },
    config: {
      "integrations-quickstart:githubClientId": "demo-github-client-id",
      "integrations-quickstart:sharedSlackIntegrationId": SHARED_SLACK_INTEGRATION_ID,
    },
  };
}

/**
 * The quickstart imports `pulumi-integrations` as users do; here that is this checkout, linked the way
 * `npm link` would. A real install already in place is left alone.
 */
function linkPackageInto(programDir: string, packageRoot: string): void {
  const modules = join(programDir, "node_modules");
  const link = join(modules, "pulumi-integrations");
  const target = relative(modules, packageRoot);
  if (existsSync(link) || isDanglingLink(link)) {
    if (lstatSync(link).isSymbolicLink() && readlinkSync(link) === target) return;
    if (!lstatSync(link).isSymbolicLink()) return;
    throw new Error(`${link} links elsewhere (${readlinkSync(link)}); remove it and run the demo again`);
  }
  mkdirSync(modules, { recursive: true });
  symlinkSync(target, link, "dir");
}

function isDanglingLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

function keptSecret(file: string, make: () => string): string {
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const value = make();
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}
