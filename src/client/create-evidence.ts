import { sameAppName } from "./app-name";
import { sameAfterNormalisation } from "./normalisation";
import type { ConnectorRecord, CreateIntegrationBody } from "./schemas";

/**
 * When a record was made against a moment on the service's own clock: "after" when its `createdAt` is at or
 * after `floor`, "before" when it is provably earlier, "unknown" when either is missing or too coarse to tell.
 * `floor` is a lower bound of the service's time when a request left (server-clock.ts). A `createdAt` with
 * whole seconds (or coarser digits) only says the record was made within that unit, so it counts as after
 * when the unit's end is after the floor: this call's own record is never refused for rounding.
 */
export function madeAfter(
  createdAt: string | undefined,
  floor: number | undefined,
): "after" | "before" | "unknown" {
  if (createdAt === undefined || floor === undefined) return "unknown";
  // A date without a time (the listing's document allows it) cannot date a request.
  const time = /T(\d\d):(\d\d)(?::(\d\d)(?:\.(\d+))?)?(Z|[+-]\d\d:?\d\d)?$/i.exec(createdAt);
  // The document's pattern makes the zone optional; a time without one is the service's UTC, never ours.
  const at = Date.parse(time !== null && time[5] === undefined ? `${createdAt}Z` : createdAt);
  if (time === null || Number.isNaN(at)) return "unknown";
  const unitMs = time[4] !== undefined ? 1000 / 10 ** Math.min(time[4].length, 3) : time[3] ? 1000 : 60_000;
  return at + unitMs > floor ? "after" : "before";
}

/** The one doubt that does not prove a connector another's: the service's answers cannot date it. */
export const UNDATED_DOUBT = "the service's answers do not date it against the request";

/**
 * Why a connector found under the name after a create's response was lost is not the one this call made;
 * empty when it is, as far as the service can show.
 *
 * The proof is the service's own clock, never ours (a clock of this machine running behind or ahead would
 * make an older connector look new): `floor`, taken just before the first POST, is the lowest time the
 * service's clock could read then (server-clock.ts). A connector created before it held the name before the
 * call, so none of this call's POSTs can have made it. One created after it was made by one of this call's
 * POSTs (one may commit after its response was lost, even after the retry that then gets a 409), or by
 * someone else creating the same name in that window; nothing the service shows tells those apart, so
 * everything it shows must also match what was sent (a field it does not show cannot differ).
 *
 * What it cannot tell apart: a connector with the same name, app, scheme, built-in-auth flag and visible
 * config that someone else made within about a second before the POST (the `Date` header's resolution plus
 * the time its answer travelled) or while this call ran. Without a dated answer, or a `createdAt` with a time,
 * nothing is proven and the connector is not taken. Secret authConfig values are never shown, so the caller
 * sets the authConfig again once a connector is recovered.
 */
export function lostCreateDoubts(
  record: ConnectorRecord,
  sent: CreateIntegrationBody,
  floor: number | undefined,
): string[] {
  const sameApp =
    sent.appId !== undefined ? record.appId === sent.appId : sameAppName(record.appName, sent.appName);
  // Only the keys sent count: servers add keys of their own and normalise values (see normalisation.ts).
  const shownConfigMatches = Object.entries(sent.authConfig ?? {}).every(
    ([key, value]) =>
      !Object.hasOwn(record.authConfig, key) || sameAfterNormalisation(value, record.authConfig[key]),
  );
  const made = madeAfter(record.createdAt, floor);
  return [
    record.deleted === true ? "it is deleted" : undefined,
    made === "before" ? "it was created before the request was sent" : undefined,
    made === "unknown" ? UNDATED_DOUBT : undefined,
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
