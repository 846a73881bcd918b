import { autonameScopeOf, defaultNamePrefix } from "../resources/shared/autoname";
import type { Props } from "./properties";

/** The inputs through which a resource is autonamed (the Connector's: name, namePrefix, autonameScope). */
export interface AutonameInputs {
  name: string;
  prefix: string;
  /** Internal: the rest of the autoname's seed, consumed by check (../resources/shared/autoname.ts). */
  scope: string;
}

/** Pulumi's autonaming settings for one resource (CheckRequest.autonaming), when the stack has any. */
export interface Autonaming {
  mode: "propose" | "enforce" | "disable";
  proposedName: string;
}

export interface CheckContext {
  urn: string;
  /** The logical name (CheckRequest.name, or the URN's last part). */
  name: string;
  autonaming?: Autonaming;
}

/**
 * What Check adds to a resource's inputs when the program gives no name:
 *
 * - Without autonaming settings (the usual case), what the dynamic Connector class adds: the prefix
 *   `<logical name>-` and the scope `<project>/<stack>/<logical name>`. The handler's check derives the name
 *   from them, never at random, so a preview shows the name its update creates (the two run in two provider
 *   processes, and the engine's random seed differs between them outside an update plan), and a resource
 *   gets the same name from either front end.
 * - `pulumi:autonaming` mode "disable": nothing; check then asks for a name.
 * - mode "propose" or "enforce": the engine's proposed name, unless the old inputs already hold a name
 *   that was not derived from a prefix: an update keeps its name (the engine proposes afresh in each
 *   deployment, and a pattern with random parts would otherwise rename, so replace, the resource on every
 *   `up`), as Pulumi's own providers keep an autoname once chosen. A replacement, checked without old inputs,
 *   takes the new proposal (a pattern without random parts makes the engine delete before it creates).
 *
 * A name the program gives always wins; so does a prefix, named from with the scope as without settings.
 */
export function withAutonaming(
  inputs: AutonameInputs,
  news: Props,
  olds: Props,
  context: CheckContext,
): Props {
  if (isSet(news[inputs.name])) return news;
  const autonaming = context.autonaming;
  // A prefix the program gives is named from as the dynamic Connector does: with the scope added.
  if (autonaming === undefined || isSet(news[inputs.prefix])) {
    const { project, stack } = parseUrn(context.urn);
    return {
      ...news,
      [inputs.prefix]: isSet(news[inputs.prefix]) ? news[inputs.prefix] : defaultNamePrefix(context.name),
      [inputs.scope]: autonameScopeOf(project, stack, context.name),
    };
  }
  if (autonaming.mode === "disable") return news;
  const kept = olds[inputs.name];
  const keep = typeof kept === "string" && !isSet(olds[inputs.prefix]);
  return { ...news, [inputs.name]: keep ? kept : autonaming.proposedName };
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** `urn:pulumi:<stack>::<project>::<type>::<name>`. */
export function parseUrn(urn: string): { stack: string; project: string; name: string } {
  const parts = urn.split("::");
  return {
    stack: (parts[0] ?? "").replace(/^urn:pulumi:/, ""),
    project: parts[1] ?? "",
    name: parts.slice(3).join("::"),
  };
}
