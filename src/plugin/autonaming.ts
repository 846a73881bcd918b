import { autonameScopeOf, defaultNamePrefix, type AutonameInputs } from "../resources/shared/autoname";
import type { Props } from "./properties";

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
 * - A resource that already has a name it did not get from the program (old inputs with a derived autoname, or a
 *   name the engine proposed) keeps it, whatever `pulumi:autonaming` says now: added, changed or removed, the
 *   config names new resources, as Pulumi's own providers reuse the name in the old state. A replacement is
 *   checked without old inputs and is named afresh. A prefix the program changes is a new name (a replacement).
 * - Without autonaming settings (the usual case), what the dynamic Connector class adds: the prefix
 *   `<logical name>-` and the scope `<project>/<stack>/<logical name>`. The handler's create derives the name
 *   from them, never at random (../resources/shared/autoname.ts), so a resource gets the same name from
 *   either front end, and an update plan holds whatever name the create chose.
 * - `pulumi:autonaming` mode "disable": nothing; check then asks a new resource for a name.
 * - mode "propose" or "enforce": the engine's proposed name, marked as proposed.
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
  const { project, stack } = parseUrn(context.urn);
  const derived = (prefix: unknown) => ({
    ...news,
    [inputs.prefix]: prefix,
    [inputs.scope]: autonameScopeOf(project, stack, context.name),
  });
  const kept = olds[inputs.name];
  const oldPrefix = olds[inputs.prefix];
  const samePrefix = !isSet(news[inputs.prefix]) || news[inputs.prefix] === oldPrefix;
  const autonaming = context.autonaming;
  const proposing = autonaming !== undefined && autonaming.mode !== "disable";
  // A derived autoname is kept: its prefix and scope stay the inputs (its name is an output; state written
  // before 0.3 also holds it in the old inputs).
  if (samePrefix && isSet(oldPrefix)) return derived(oldPrefix);
  // A name the engine proposed is kept; so is any name an update finds while the engine proposes (state
  // written before the mark existed), which a pattern with random parts would otherwise rename every `up`.
  if (typeof kept === "string" && samePrefix && (olds[inputs.proposed] === true || proposing)) {
    return { ...news, [inputs.name]: kept, [inputs.proposed]: true };
  }
  // A prefix the program gives is named from as the dynamic Connector does: with the scope added.
  if (autonaming === undefined || isSet(news[inputs.prefix])) {
    return derived(isSet(news[inputs.prefix]) ? news[inputs.prefix] : defaultNamePrefix(context.name));
  }
  if (autonaming.mode === "disable") return news;
  return { ...news, [inputs.name]: autonaming.proposedName, [inputs.proposed]: true };
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
