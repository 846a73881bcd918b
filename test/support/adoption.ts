/**
 * An account set up by hand, outside any stack, as a platform team finds one when it adopts it: connectors with
 * secrets, one to be managed without being owned, a connected account holding a token, a trigger instance and
 * the callback URL; and `integrations-import` run on it as a user runs it (the built bin, in a process of its
 * own, the key and base URL in its environment).
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { ApiClient } from "../../src/client";
import type { ImportFile } from "../../src/adoption/import-file";
import { githubTokenAccount } from "./github-account";

const REPO = join(__dirname, "..", "..");
export const IMPORT_BIN = join(REPO, "dist", "adoption", "cli.js");

export interface HandMadeAccount {
  accountId: string;
  /** Owned by the stack after the import (Connector). */
  slackId: string;
  githubId: string;
  /** Managed, not owned (imported with --state-only: IntegrationState). */
  sharedId: string;
  connectedAccountId: string;
  triggerInstanceId: string;
  callbackUrl: string;
  /** Secret values the account holds, which must never reach a file, a log or state in plain text. */
  secrets: { slackClientSecret: string; githubToken: string };
}

export async function makeAccountByHand(client: ApiClient, label: string): Promise<HandMadeAccount> {
  const slackClientSecret = `slack-secret-${label}-5f1c0e`;
  const githubToken = `github-token-${label}-9a7d24`;
  const slack = await client.createIntegration({
    name: `${label}-slack`,
    appName: "slack",
    authScheme: "OAUTH2",
    authConfig: { client_id: `${label}-client`, client_secret: slackClientSecret, scopes: ["chat:write"] },
    forceNewIntegration: true,
  });
  const shared = await client.createIntegration({
    name: `${label}-shared-linear`,
    appName: "linear",
    authScheme: "API_KEY",
    forceNewIntegration: true,
  });
  await client.updateIntegration(shared.id, { enabled: false });
  const github = await githubTokenAccount(client, { name: `${label}-github`, token: githubToken });
  const instance = await client.enableTrigger(github.accountId, "GITHUB_STAR_ADDED_EVENT", {
    owner: "octocat",
    repo: "hello-world",
  });
  const callbackUrl = `https://hooks.example.com/${label}`;
  await client.setCallbackUrl(callbackUrl);
  return {
    accountId: await client.getAccountId(),
    slackId: slack.id,
    githubId: github.integrationId,
    sharedId: shared.id,
    connectedAccountId: github.accountId,
    triggerInstanceId: instance.triggerId,
    callbackUrl,
    secrets: { slackClientSecret, githubToken },
  };
}

export interface ImportRun {
  file: ImportFile;
  /** The import file's path, for `pulumi import --file`. */
  path: string;
  notes: string;
  stdout: string;
  stderr: string;
}

/** `integrations-import --out <dir>/import.json ...args`, asynchronously (an emulator may serve this process). */
export async function runIntegrationsImport(
  account: { baseUrl: string; apiKey: string },
  dir: string,
  args: string[] = [],
): Promise<ImportRun> {
  const path = join(dir, "import.json");
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [IMPORT_BIN, "--out", path, ...args],
    {
      env: { ...process.env, INTEGRATIONS_API_KEY: account.apiKey, INTEGRATIONS_BASE_URL: account.baseUrl },
      encoding: "utf8",
    },
  );
  return {
    file: JSON.parse(readFileSync(path, "utf8")) as ImportFile,
    path,
    notes: readFileSync(join(dir, "import.md"), "utf8"),
    stdout,
    stderr,
  };
}

/** A resource of `pulumi stack export`, as the adoption tests read it. */
export interface StoredResource {
  urn: string;
  type: string;
  id?: string;
  protect?: boolean;
  inputs?: Record<string, unknown>;
}

/** Every resource of a `pulumi stack export`, the stack and its providers included. */
export function storedResources(exported: string): StoredResource[] {
  return (
    (JSON.parse(exported) as { deployment: { resources?: StoredResource[] } }).deployment.resources ?? []
  );
}
