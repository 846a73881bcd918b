/**
 * The URNs a registration's aliases stand for, so that a renamed or re-parented resource finds its old
 * state (stepGenerator.generateAliases, collapseAliasToUrn and inheritedChildAlias in pulumi/pulumi
 * pkg/resource/deploy/step_generator.go): a spec's empty fields default to the resource's own, a parent
 * that was itself found through an alias stands for its old URN, and a child of such a parent inherits
 * an alias under the parent's old URN (its name re-prefixed when it started with the parent's name).
 */
import type { AliasRef } from "./monitor";
import { makeUrn, rootStackType, urnName, urnQualifiedType, urnType } from "./urn";

export interface AliasContext {
  stack: string;
  project: string;
  /** New URN -> the old URN its state was found under, for resources found through an alias. */
  aliasedFrom: ReadonlyMap<string, string>;
}

export function aliasUrns(
  aliases: readonly AliasRef[],
  resource: { type: string; name: string; parent: string },
  ctx: AliasContext,
): string[] {
  const result = new Set<string>();
  const collapse = (alias: AliasRef): string => {
    if ("urn" in alias) return alias.urn;
    let parent = alias.parentUrn
      ? (ctx.aliasedFrom.get(alias.parentUrn) ?? alias.parentUrn)
      : resource.parent;
    if (alias.noParent || (parent && urnQualifiedType(parent) === rootStackType)) parent = "";
    return makeUrn(
      alias.stack || ctx.stack,
      alias.project || ctx.project,
      alias.type || resource.type,
      alias.name || resource.name,
      parent,
    );
  };
  for (const alias of aliases) result.add(collapse(alias));
  const parentAlias = resource.parent ? ctx.aliasedFrom.get(resource.parent) : undefined;
  if (parentAlias) {
    const inherit = (type: string, name: string): string => {
      const parentName = urnName(resource.parent);
      const aliasName = name.startsWith(parentName)
        ? urnName(parentAlias) + name.slice(parentName.length)
        : name;
      return makeUrn(ctx.stack, ctx.project, type, aliasName, parentAlias);
    };
    result.add(inherit(resource.type, resource.name));
    for (const alias of aliases) {
      const child = collapse(alias);
      result.add(inherit(urnType(child), urnName(child)));
    }
  }
  return [...result];
}
