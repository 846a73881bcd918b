import type { DiffResult } from "../resources/shared/types";
import { containsUnknown } from "../resources/shared/unknowns";
import { deepEqual, isPlainObject } from "../resources/shared/values";
import type { Props } from "./properties";

/** How one property path changes (a PropertyDiff's kind, see ./server.ts), and whether it replaces. */
export type PathChange = "add" | "delete" | "update";

export interface DetailedChange {
  change: PathChange;
  replace: boolean;
}

export interface WireDiff {
  changes: boolean;
  replaces: string[];
  deleteBeforeReplace: boolean;
  /** The inputs that change (DiffResponse.diffs): what replaceOnChanges reads at the top level. */
  diffs: string[];
  /**
   * Each changed path (DiffResponse.detailedDiff), down to the keys inside objects: what `pulumi preview --diff`
   * shows (a secret input's values as `[secret]`, since the engine keeps its secretness), and what the engine
   * matches a nested `replaceOnChanges` (`authConfig.scopes`) against, so that it replaces exactly when that
   * key changes.
   */
  detailed: Record<string, DetailedChange>;
}

/**
 * The handlers' DiffResult as the engine takes it. The handlers say whether anything changes and what
 * replaces; which inputs change, and where inside them, is found here by comparing the new inputs with the old
 * ones (or, for state without old inputs, the old outputs). The generated SDKs set the `replaceOnChanges`
 * option from the schema's replaceOnChanges flags, and the engine replaces for any listed change of a flagged
 * input: so a flagged input is listed only when the handler replaces for it, and a change the handler keeps in
 * place (an app named by its id instead of its name, the same app) is not made a replacement by the engine.
 */
export function wireDiff(
  result: DiffResult,
  oldInputs: Props,
  olds: Props,
  news: Props,
  replaceFlagged: ReadonlySet<string>,
): WireDiff {
  if (!result.changes)
    return {
      changes: false,
      replaces: [],
      deleteBeforeReplace: result.deleteBeforeReplace,
      diffs: [],
      detailed: {},
    };
  const listed = (key: string) => !replaceFlagged.has(key) || result.replaces.includes(key);
  const changedFrom = (before: Props) =>
    [...new Set([...Object.keys(before), ...Object.keys(news)])].filter(
      (key) => listed(key) && (containsUnknown(news[key]) || !deepEqual(before[key], news[key])),
    );
  let before = Object.keys(oldInputs).length > 0 ? oldInputs : olds;
  let diffs = changedFrom(before);
  if (diffs.length === 0) {
    before = olds;
    diffs = changedFrom(olds).filter((key) => key in news);
  }
  const detailed: Record<string, DetailedChange> = {};
  for (const key of diffs) {
    const replace = result.replaces.includes(key);
    for (const [path, change] of changedPaths(before[key], news[key], pathOf([], key))) {
      detailed[path] = { change, replace };
    }
  }
  for (const key of result.replaces) detailed[key] ??= { change: "update", replace: true };
  return {
    changes: true,
    replaces: result.replaces,
    deleteBeforeReplace: result.deleteBeforeReplace,
    diffs: [...new Set([...result.replaces, ...diffs])].sort(),
    detailed,
  };
}

/** Where two values differ: into objects on both sides key by key, otherwise the value as a whole. */
function changedPaths(before: unknown, after: unknown, path: string): [string, PathChange][] {
  if (before === undefined && after === undefined) return [];
  if (before === undefined) return [[path, "add"]];
  if (after === undefined) return [[path, "delete"]];
  if (isPlainObject(before) && isPlainObject(after) && !containsUnknown(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => changedPaths(before[key], after[key], pathOf(path, key)));
  }
  return !containsUnknown(after) && deepEqual(before, after) ? [] : [[path, "update"]];
}

/** A property path as the engine parses it: `a.b`, or `a["b.c"]` for a key that is not a plain name. */
function pathOf(parent: string | [], key: string): string {
  const plain = /^[A-Za-z_][A-Za-z0-9_]*$/.test(key);
  if (parent.length === 0) return plain ? key : `[${JSON.stringify(key)}]`;
  return plain ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}
