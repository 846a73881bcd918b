import type { DiffResult } from "../resources/shared/types";
import { containsUnknown } from "../resources/shared/unknowns";
import { deepEqual } from "../resources/shared/values";
import type { Props } from "./properties";

export interface WireDiff {
  changes: boolean;
  replaces: string[];
  deleteBeforeReplace: boolean;
  /** The inputs that change (DiffResponse.diffs): what the CLI shows, and what replaceOnChanges reads. */
  diffs: string[];
}

/**
 * The handlers' DiffResult as the engine takes it. The handlers say whether anything changes and what
 * replaces; which inputs change is found here by comparing the new inputs with the old ones (or, for
 * state without old inputs, the old outputs). The engine reads `diffs` for the SDKs' `replaceOnChanges`
 * option too, which the generated SDKs set from the schema's replaceOnChanges flags: a flagged input is
 * listed only when the handler replaces for it, so that a change the handler keeps in place (an app named
 * by its id instead of its name, the same app) is not made a replacement by the engine.
 */
export function wireDiff(
  result: DiffResult,
  oldInputs: Props,
  olds: Props,
  news: Props,
  replaceFlagged: ReadonlySet<string>,
): WireDiff {
  if (!result.changes)
    return { changes: false, replaces: [], deleteBeforeReplace: result.deleteBeforeReplace, diffs: [] };
  const listed = (key: string) => !replaceFlagged.has(key) || result.replaces.includes(key);
  const changedFrom = (before: Props) =>
    [...new Set([...Object.keys(before), ...Object.keys(news)])].filter(
      (key) => listed(key) && (containsUnknown(news[key]) || !deepEqual(before[key], news[key])),
    );
  let diffs = changedFrom(Object.keys(oldInputs).length > 0 ? oldInputs : olds);
  if (diffs.length === 0) diffs = changedFrom(olds).filter((key) => key in news);
  return {
    changes: true,
    replaces: result.replaces,
    deleteBeforeReplace: result.deleteBeforeReplace,
    diffs: [...new Set([...result.replaces, ...diffs])].sort(),
  };
}
