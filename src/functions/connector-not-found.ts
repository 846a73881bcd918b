/** What `getConnector` looks a connector up by. */
export type ConnectorLookup = { id: string; name?: undefined } | { name: string; id?: undefined };

/** `getConnector` found no live connector (a deleted one counts as none). */
export class ConnectorNotFoundError extends Error {
  /** What was looked for. */
  readonly lookup: ConnectorLookup;

  constructor(lookup: ConnectorLookup) {
    super(
      lookup.id !== undefined
        ? `getConnector: no connector with id "${lookup.id}" in this account (a deleted connector counts as none)`
        : `getConnector: no connector named "${lookup.name}" in this account (the name must match exactly; deleted connectors count as none)`,
    );
    this.name = "ConnectorNotFoundError";
    this.lookup = lookup;
  }
}
