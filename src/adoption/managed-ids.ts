/**
 * The ids of the objects a stack manages already, from its `pulumi stack export`: every resource of this
 * package, through the plugin (`integrations:index:<Kind>`) or the dynamic provider
 * (`pulumi-nodejs:dynamic/integrations:<Kind>`), its pending operations included (a create the CLI reported
 * interrupted is the stack's too).
 */
import { readFileSync } from "node:fs";
import { AdoptionError } from "./import-file";

interface ExportedResource {
  type?: unknown;
  id?: unknown;
}

const OURS = /^(integrations:index:|pulumi-nodejs:dynamic\/integrations:)/;

export function managedIds(exported: string, source: string): Set<string> {
  let deployment: { resources?: ExportedResource[]; pending_operations?: { resource?: ExportedResource }[] };
  try {
    deployment = (JSON.parse(exported) as { deployment?: typeof deployment }).deployment ?? {};
  } catch {
    throw new AdoptionError(`--skip-state ${source}: not the JSON of \`pulumi stack export\``);
  }
  const resources = [
    ...(deployment.resources ?? []),
    ...(deployment.pending_operations ?? []).flatMap((operation) => operation.resource ?? []),
  ];
  const ids = new Set<string>();
  for (const resource of resources) {
    if (typeof resource.type === "string" && OURS.test(resource.type) && typeof resource.id === "string") {
      if (resource.id !== "") ids.add(resource.id);
    }
  }
  return ids;
}

/** managedIds of the export in `file`; a file that cannot be read is refused in one line. */
export function managedIdsIn(file: string): Set<string> {
  let exported: string;
  try {
    exported = readFileSync(file, "utf8");
  } catch (error) {
    throw new AdoptionError(
      `--skip-state ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  return managedIds(exported, file);
}
