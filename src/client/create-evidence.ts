import { sameAppName } from "./app-name";
import { sameAfterNormalisation } from "./normalisation";
import type { ConnectorRecord, CreateIntegrationBody } from "./schemas";

/**
 * Why a connector found under the name after a lost create response is not the one this call made; empty
 * when it is, as far as the service can show.
 *
 * The evidence never compares the two clocks (the server's `createdAt` with ours: a server clock running ahead
 * would make an older connector look new). It is a listing taken before the first POST: the name was free
 * then, so a connector holding it now appeared during this call. It was made by one of this call's POSTs (one
 * of them may commit after its response was lost, even after the retry that then gets a 409), or by someone
 * else creating the same name in the same window, which nothing the service shows tells apart; so everything
 * the server shows of it must also match what was sent (a field it does not show cannot differ). A connector
 * that held the name before the call, or differs in a field the call sent, is provably another's: none of this
 * call's POSTs can have made anything while it held the name. Secret authConfig values are never shown, so the
 * caller sets the authConfig again once a connector is recovered.
 */
export function lostCreateDoubts(
  record: ConnectorRecord,
  sent: CreateIntegrationBody,
  heldBefore: string | undefined,
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
    record.id === heldBefore ? "it held the name before the request was sent" : undefined,
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
