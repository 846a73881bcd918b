import { sameAppName } from "./app-name";
import { sameAfterNormalisation } from "./normalisation";
import type { ConnectorRecord, CreateIntegrationBody } from "./schemas";

/**
 * Why a connector found under the name after a lost create response might not be the one that request
 * made; empty when it provably is. Names are unique among live connectors, so a connector with the name
 * is either this request's or one that held the name before it (whose POST then got a 409 that was lost).
 * It is this request's when it was created after the request started (`createdAt`, the server's clock
 * against ours: a clock of ours that runs ahead makes this fail closed, never open) and everything the
 * server shows matches what was sent (a field it does not show cannot differ). Secret authConfig values are never shown, so the caller sets the
 * authConfig again once a connector is recovered.
 */
export function lostCreateDoubts(
  record: ConnectorRecord,
  sent: CreateIntegrationBody,
  requestStartedAt: number,
): string[] {
  const sameApp =
    sent.appId !== undefined ? record.appId === sent.appId : sameAppName(record.appName, sent.appName);
  // Only the keys sent count: servers add keys of their own and normalise values (see normalisation.ts).
  const shownConfigMatches = Object.entries(sent.authConfig ?? {}).every(
    ([key, value]) =>
      !Object.hasOwn(record.authConfig, key) || sameAfterNormalisation(value, record.authConfig[key]),
  );
  return [
    record.deleted === true ? "it is deleted" : undefined,
    createdSince(record.createdAt, requestStartedAt)
      ? undefined
      : Number.isNaN(Date.parse(record.createdAt ?? ""))
        ? "it has no createdAt"
        : "it was created before the request was sent",
    sameApp ? undefined : "its app differs",
    sent.authScheme === undefined || record.authScheme === sent.authScheme
      ? undefined
      : "its authScheme differs",
    record.useServiceAuth === undefined || record.useServiceAuth === (sent.useServiceAuth ?? false)
      ? undefined
      : "its useServiceAuth differs",
    shownConfigMatches ? undefined : "a visible authConfig value differs",
  ].filter((doubt): doubt is string => doubt !== undefined);
}

/**
 * Whether a record was created after a request started: by the server's `createdAt` against our clock, so
 * a clock of ours that runs ahead fails closed (never taking what is not provably the request's). A record
 * without a readable `createdAt` was not.
 */
export function createdSince(createdAt: string | undefined, requestStartedAt: number): boolean {
  const at = createdAt === undefined ? Number.NaN : Date.parse(createdAt);
  return at >= requestStartedAt;
}
