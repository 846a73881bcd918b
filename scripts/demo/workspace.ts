/** The demo's files under .demo/ and the one-time set-up of its two programs. */
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
  quickstart: string;
  triggersAsCode: string;
  emulatorData: string;
  /** The receiver's port, kept so that later runs find the webhook URL unchanged. */
  receiverPort: string;
  /**
   * The emulator's port, kept for the same reason: `pulumi destroy` and `pulumi refresh` do not run the
   * program, so the engine configures the provider with the stack config stored at the last `up`, and the
   * resources are reached at the URL they were made at.
   */
  emulatorPort: string;
  relative(path: string): string;
}

/** One stack of the demo: a program and its config (keys namespaced), secrets apart. */
export interface DemoStack {
  program: string;
  config: Record<string, string>;
  secrets: Record<string, string>;
}

export interface Demo {
  apiKey: string;
  passphrase: string;
  fixtures: Fixtures;
  quickstart: DemoStack;
  /** The triggers-as-code stack, given the receiver's URL. */
  triggersAsCode(receiverUrl: string): DemoStack;
}

export function demoPaths(): DemoPaths {
  const root = resolve(__dirname, "..", "..");
  const demoDir = join(root, ".demo");
  return {
    root,
    demoDir,
    quickstart: join(root, "examples", "quickstart"),
    triggersAsCode: join(root, "examples", "triggers-as-code"),
    emulatorData: join(demoDir, "emulator-data.json"),
    receiverPort: join(demoDir, "receiver-port"),
    emulatorPort: join(demoDir, "emulator-port"),
    relative: (path) => relative(process.cwd(), path) || ".",
  };
}

export async function prepareDemo(paths: DemoPaths): Promise<Demo> {
  mkdirSync(paths.demoDir, { recursive: true });
  linkPackageInto(paths.quickstart, paths.root);
  linkPackageInto(paths.triggersAsCode, paths.root);
  // Made once and kept, so that later runs talk to the same emulator tenant and decrypt the same state.
  const apiKey = keptSecret(join(paths.demoDir, "api-key"), generateApiKey);
  const passphrase = keptSecret(join(paths.demoDir, "passphrase"), () =>
    randomBytes(24).toString("base64url"),
  );
  const randomHex = () => randomBytes(16).toString("hex");
  const githubClientSecret = keptSecret(join(paths.demoDir, "github-client-secret"), randomHex);
  const trelloApiKey = keptSecret(join(paths.demoDir, "trello-api-key"), randomHex);
  const trelloUserToken = keptSecret(join(paths.demoDir, "trello-user-token"), randomHex);
  return {
    apiKey,
    passphrase,
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
    quickstart: {
      program: paths.quickstart,
      config: {
        "integrations-quickstart:githubClientId": "demo-github-client-id",
        "integrations-quickstart:sharedSlackIntegrationId": SHARED_SLACK_INTEGRATION_ID,
      },
      secrets: { "integrations-quickstart:githubClientSecret": githubClientSecret },
    },
    triggersAsCode: (receiverUrl) => ({
      program: paths.triggersAsCode,
      config: {
        "integrations-triggers-as-code:boardId": "5abbe4b7ddc1b351ef961414",
        "integrations-triggers-as-code:receiverUrl": receiverUrl,
      },
      secrets: {
        "integrations-triggers-as-code:trelloApiKey": trelloApiKey,
        "integrations-triggers-as-code:trelloUserToken": trelloUserToken,
      },
    }),
  };
}

/** The port a server had in the last run, if any (0: any free port). */
export function keptPort(file: string): number {
  return existsSync(file) ? Number(readFileSync(file, "utf8").trim()) || 0 : 0;
}

export function keepPort(file: string, port: number): void {
  writeFileSync(file, `${port}\n`);
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
