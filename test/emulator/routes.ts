import { OPERATIONS } from "../../src/emulator/openapi";

/** A concrete path of a route pattern: each `:param` filled with "some-id". */
export const concretePath = (route: string): string => route.replace(/:[A-Za-z]+/g, "some-id");

/** Every route behind the API-key check (all but health and the document), for tests that sweep them all. */
export const AUTHENTICATED_ROUTES: { method: string; path: string }[] = OPERATIONS.filter(
  (operation) => operation.authenticated !== false,
).map((operation) => ({ method: operation.method.toUpperCase(), path: concretePath(operation.route) }));
