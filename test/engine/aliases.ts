/**
 * The URNs a registration's aliases stand for, so that a renamed resource finds its old state
 * (stepGenerator.generateAliases / getOldResource in pulumi/pulumi pkg/resource/deploy/step_generator.go).
 * A spec's empty fields default to the resource's own; a spec without `noParent` or `parentUrn` keeps the
 * resource's parent. Aliases inherited from an aliased parent are not derived (see README, Limits).
 */
import type { AliasRef } from "./monitor";
import { makeUrn } from "./urn";

export function aliasUrns(
  aliases: readonly AliasRef[],
  resource: { stack: string; project: string; type: string; name: string; parent: string },
): string[] {
  return aliases.map((alias) =>
    "urn" in alias
      ? alias.urn
      : makeUrn(
          alias.stack || resource.stack,
          alias.project || resource.project,
          alias.type || resource.type,
          alias.name || resource.name,
          alias.noParent ? "" : alias.parentUrn || resource.parent,
        ),
  );
}
