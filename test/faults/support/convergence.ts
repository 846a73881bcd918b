/**
 * What "converged" means in this suite: the program's N connectors exist remotely exactly once each
 * (by name), and the stack's state holds exactly those connectors, by id, with the same name and
 * `enabled`. Nothing extra remotely (no duplicate, no orphan), nothing in state that is not remote.
 */
import type { PulumiStack } from "../../../tools/pulumi/stack";
import { connectorsInState } from "./connectors-stack";
import { remoteConnectors } from "./remote";

export interface ConvergenceReport {
  remoteCount: number;
  duplicateNames: string[];
  /** Connectors that exist remotely but that no resource in state manages. */
  orphans: string[];
  /** Ids in state that are not live remotely. */
  lostFromRemote: string[];
  /** Program names with no connector remotely. */
  missingNames: string[];
  /** State entries whose name or enabled differs from the remote record of their id. */
  mismatched: string[];
}

export async function convergenceOf(
  stack: PulumiStack,
  remote: { baseUrl: string; apiKey: string },
  program: { count: number; namePrefix: string; disabledEvery?: number },
): Promise<ConvergenceReport> {
  const prefix = `${program.namePrefix}-`;
  const connectors = (await remoteConnectors(remote.baseUrl, remote.apiKey)).filter((c) =>
    c.name.startsWith(prefix),
  );
  const inState = await connectorsInState(stack);
  const stateIds = new Set(inState.map((entry) => entry.id));
  const remoteById = new Map(connectors.map((connector) => [connector.id, connector]));
  const seen = new Set<string>();
  const duplicateNames = new Set<string>();
  for (const connector of connectors) {
    if (seen.has(connector.name)) duplicateNames.add(connector.name);
    seen.add(connector.name);
  }
  const expectedNames = Array.from({ length: program.count }, (_, i) => `${prefix}${i}`);
  return {
    remoteCount: connectors.length,
    duplicateNames: [...duplicateNames],
    orphans: connectors.filter((c) => !stateIds.has(c.id)).map((c) => `${c.name} (${c.id})`),
    lostFromRemote: inState.filter((entry) => !remoteById.has(entry.id)).map((entry) => entry.id),
    missingNames: expectedNames.filter((name) => !seen.has(name)),
    mismatched: inState
      .filter((entry) => {
        const record = remoteById.get(entry.id);
        return record !== undefined && (record.name !== entry.name || record.enabled !== entry.enabled);
      })
      .map((entry) => entry.resource),
  };
}

export const CONVERGED = (count: number): ConvergenceReport => ({
  remoteCount: count,
  duplicateNames: [],
  orphans: [],
  lostFromRemote: [],
  missingNames: [],
  mismatched: [],
});
