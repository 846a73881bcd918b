import { z } from "zod";
import { property } from "./definition";

/**
 * An input both front ends add to a resource whose secret input is an object of credentials (a Connector's and
 * an IntegrationState's `authConfig`, a ConnectedAccount's `data`): the paths (`authConfig.client_secret`) of
 * the values the program gave as plain values rather than as secrets, that is, written into the program or its
 * plain config. Absent when every value came as a secret.
 *
 * Why it is recorded: the front ends make the whole object secret before the engine stores it, so state never
 * holds a credential in the clear, whatever the program gave. That also erases what the program gave: a
 * CrossGuard analyzer sees a resource's inputs as the provider's Check returned them, every credential secret.
 * This record keeps that one fact, in names only (never a value), for `@pulumi-integrations/policy`'s
 * `integrations-secret-auth-config` rule. A diff never compares it: giving a value as a secret instead changes
 * nothing remote.
 */
export const SECRETS_GIVEN_PLAIN = "secretsGivenPlain";

export function secretsGivenPlainInput() {
  return property(z.array(z.string()).optional(), { internal: true });
}

/** The path of a key of a secret input: `authConfig.client_secret`. */
export function plainPath(input: string, key: string): string {
  return `${input}.${key}`;
}
