/**
 * Accounts (tenants) and their API keys. The real service's client (project) has a stable id of its own
 * (ClientDTO.id, "Unique ID of the client") and several API keys (`/api/v1/api_keys` lists and makes them;
 * ClientInfoAPIKeyResDTO.clientId names the client a key belongs to). So here: a key given as
 * `<key>=<tenant>` belongs to the named account, and every key naming one account shares its records; a
 * bare `<key>` is an account of its own, as before accounts could be named.
 *
 * Two ids per account:
 * - its account id, what client_info answers as `client.id` (and `apiKey.clientId`), and trigger logs as
 *   `clientId`: the tenant name exactly, or for a bare key `client_<first 16 hex of sha256(key)>`;
 * - its storage id, under which the data file keeps its records: for a bare key `sha256(key)` in hex
 *   (unchanged, so that data files written before accounts existed still load), for a named account
 *   `account:<name>`. A hex digest never contains ":", so the two kinds can never collide.
 */
import { createHash } from "node:crypto";

/** A tenant name: letters, digits, ".", "_" and "-", starting with a letter or a digit, at most 64 characters. */
export const TENANT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The storage id of a bare key's account: a stable id that does not reveal the key. */
export const tenantIdOf = (apiKey: string): string => createHash("sha256").update(apiKey).digest("hex");

/** The storage id of a named account (never a hex digest: see the module's comment). */
export const namedTenantIdOf = (tenant: string): string => `account:${tenant}`;

/** The account id a bare key has always had (client_info's `client.id`). */
export const bareAccountIdOf = (apiKey: string): string => `client_${tenantIdOf(apiKey).slice(0, 16)}`;

/** One configured API key and the account it belongs to. */
export interface KeyAccount {
  /** The key itself, as clients send it in x-api-key (never stored, never printed). */
  key: string;
  /** The account's name when the key named one (`key=tenant`); null for a bare key (its own account). */
  tenant: string | null;
  /** Where the data file keeps the account's records. */
  storageId: string;
  /** The account's stable identity: `client.id` in client_info, `clientId` in trigger logs. */
  accountId: string;
}

/** A key that is its own account (a bare `--api-key`, a fixtures key). */
export function bareKeyAccount(key: string): KeyAccount {
  checkKey(key);
  return { key, tenant: null, storageId: tenantIdOf(key), accountId: bareAccountIdOf(key) };
}

/**
 * Reads `<key>` or `<key>=<tenant>` (split at the last "=", so a key may itself contain "="). `position`
 * (from 1) names the entry in errors, which never show the key or what could be part of it.
 */
export function parseApiKeySpec(spec: string, position: number): KeyAccount {
  const at = spec.lastIndexOf("=");
  if (at < 0) return withPosition(position, () => bareKeyAccount(spec));
  const key = spec.slice(0, at);
  const tenant = spec.slice(at + 1);
  if (!TENANT_NAME.test(tenant)) {
    throw new Error(
      `API key #${position}: the tenant name after the last "=" must match ${TENANT_NAME} (letters, digits, ".", "_", "-", ` +
        `starting with a letter or digit, at most 64 characters); a key that contains "=" needs a tenant: <key>=<tenant>`,
    );
  }
  withPosition(position, () => checkKey(key));
  return { key, tenant, storageId: namedTenantIdOf(tenant), accountId: tenant };
}

/**
 * The configured keys' accounts: keys unique, and no named account whose id is a bare key's (a tenant
 * named `client_<16 hex>`), so that `client.id` names one account only.
 */
export function checkKeyAccounts(accounts: readonly KeyAccount[]): void {
  if (new Set(accounts.map((account) => account.key)).size !== accounts.length) {
    throw new Error("API keys must be unique");
  }
  const storageByAccountId = new Map<string, string>();
  for (const account of accounts) {
    const storage = storageByAccountId.get(account.accountId);
    if (storage !== undefined && storage !== account.storageId) {
      throw new Error(`Tenant name ${account.accountId} is another key's account id: choose another name`);
    }
    storageByAccountId.set(account.accountId, account.storageId);
  }
}

function checkKey(key: string): void {
  if (key.trim() === "" || key !== key.trim()) {
    throw new Error("API keys must be non-empty and have no surrounding whitespace");
  }
}

function withPosition<T>(position: number, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw new Error(`API key #${position}: ${(error as Error).message}`);
  }
}
