/**
 * True for a read that has no state to start from: `pulumi import` reads by id alone (empty props). A refresh
 * always passes the stored outputs, which are never empty, and the dynamic front end reads only to refresh, so
 * a handler's read by id is a path only the provider plugin takes.
 */
export function isReadById(props: object): boolean {
  return Object.keys(props).length === 0;
}
