/**
 * What the account-guard scenarios assert on, on both sides: every account's objects as its own key sees them
 * (the emulator, through ApiClient), the requests each key sent, and where each resource of `pulumi stack
 * export` says its object lives (serviceUrl and accountId are plain outputs, readable without the passphrase).
 */
import type { ApiClient } from "../../../src/client";
import { collect } from "../../../src/client/pagination";
import type { RunningEmulator } from "../../../src/emulator";
import type { PulumiStack } from "../../../tools/pulumi/stack";
import type { OperationResult } from "../../../tools/pulumi/types";

/** An account's live objects: its connectors ("name", "name (disabled)") and its callback URL. */
export interface AccountView {
  connectors: string[];
  callbackUrl: string | undefined;
}

export async function accountView(client: ApiClient): Promise<AccountView> {
  const connectors = (await collect(client.listIntegrations({ showDisabled: true })))
    .filter((item) => item.deleted !== true)
    .map((item) => (item.enabled === false ? `${item.name} (disabled)` : item.name))
    .sort();
  return { connectors, callbackUrl: await client.getCallbackUrl() };
}

/** One emulator and a label per configured key (in the order of its `apiKeys`). */
export interface Service {
  emulator: RunningEmulator;
  labels: string[];
}

/** A command's result with the requests every key of every service received meanwhile, as "METHOD route". */
export interface GuardRun extends OperationResult {
  /** By key label: every request, reads included. */
  requests: Record<string, string[]>;
  /**
   * By key label: every request but GETs, sorted (the engine runs the steps of different resources at once, so
   * their order is not theirs to keep). Labels with none are left out.
   */
  writes: Record<string, string[]>;
  /** By key label: the request URLs (to find those naming an object's id). */
  urls: Record<string, string[]>;
}

export async function recorded(
  services: Service[],
  command: () => Promise<OperationResult>,
): Promise<GuardRun> {
  for (const service of services) service.emulator.requestLog.clear();
  const result = await command();
  const requests: Record<string, string[]> = {};
  const writes: Record<string, string[]> = {};
  const urls: Record<string, string[]> = {};
  for (const service of services) {
    for (const entry of service.emulator.requestLog.entries()) {
      // No key (null): a request the emulator refused before knowing whose it is.
      const label =
        entry.tenant === null ? "no key" : (service.labels[entry.tenant] ?? `key ${entry.tenant}`);
      const line = `${entry.method} ${entry.route}`;
      (requests[label] ??= []).push(line);
      (urls[label] ??= []).push(entry.url);
      if (entry.method !== "GET") (writes[label] ??= []).push(line);
    }
  }
  for (const lines of Object.values(writes)) lines.sort();
  return { ...result, requests, writes, urls };
}

/** A resource of the exported state: its logical name and id, and where it says its object lives. */
export interface ExportedResource {
  name: string;
  type: string;
  id: string;
  serviceUrl: unknown;
  accountId: unknown;
}

interface Exported {
  deployment: { resources?: { urn: string; type: string; id?: string; outputs?: Record<string, unknown> }[] };
}

/** The managed resources of `pulumi stack export` (no stack, no provider), by logical name. */
export function exportedResources(stateText: string): ExportedResource[] {
  const exported = JSON.parse(stateText) as Exported;
  return (exported.deployment.resources ?? [])
    .filter(
      (resource) => resource.type !== "pulumi:pulumi:Stack" && !resource.type.startsWith("pulumi:providers:"),
    )
    .map((resource) => ({
      name: resource.urn.slice(resource.urn.lastIndexOf("::") + 2),
      type: resource.type,
      id: resource.id ?? "",
      serviceUrl: resource.outputs?.serviceUrl,
      accountId: resource.outputs?.accountId,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The stack's default provider for a package in `pulumi stack export`: its stored inputs (secrets encrypted). */
export function defaultProviderInputs(stateText: string, pkg: string): Record<string, unknown> | undefined {
  const exported = JSON.parse(stateText) as {
    deployment: { resources?: { urn: string; type: string; inputs?: Record<string, unknown> }[] };
  };
  return exported.deployment.resources?.find(
    (resource) => resource.type === `pulumi:providers:${pkg}` && resource.urn.includes("::default"),
  )?.inputs;
}

export async function exportedOf(
  stack: PulumiStack,
): Promise<{ text: string; resources: ExportedResource[] }> {
  const text = await stack.stateText();
  return { text, resources: exportedResources(text) };
}

/**
 * The objects a command's error refuses to touch because they live in another account: "<Kind> <id>" for each
 * message naming the recorded account and the one the key reaches now (shared/location.ts, otherAccount).
 */
export function refusedObjects(
  error: string | undefined,
  recorded: { accountId: string; serviceUrl: string },
  now: { accountId: string; serviceUrl: string },
): string[] {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const message = new RegExp(
    `(\\w+) (\\S+) lives in account "${escape(recorded.accountId)}" \\(${escape(recorded.serviceUrl)}\\), ` +
      `but the provider's API key now reaches account "${escape(now.accountId)}" \\(${escape(now.serviceUrl)}\\)\\. ` +
      "Nothing was read, changed or deleted",
    "g",
  );
  return [...new Set([...(error ?? "").matchAll(message)].map((match) => `${match[1]} ${match[2]}`))].sort();
}
