/**
 * A stack's state as a version before 0.2.0 wrote it, from its current one: no resource records the service or
 * account its object lives in, nor does a plugin's provider (its recorded base URL and account). Imported over
 * the stack with `pulumi stack import`.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PulumiStack } from "../../../tools/pulumi/stack";

interface ExportedResource {
  type: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

export async function importWithoutLocations(stack: PulumiStack): Promise<void> {
  const exported = JSON.parse(await stack.stateText()) as { deployment: { resources: ExportedResource[] } };
  for (const resource of exported.deployment.resources) {
    delete resource.outputs?.serviceUrl;
    delete resource.outputs?.accountId;
    if (resource.type === "pulumi:providers:integrations") {
      for (const recorded of ["baseUrl", "accountId", "accountChosen"]) {
        delete resource.inputs?.[recorded];
        delete resource.outputs?.[recorded];
      }
    }
  }
  const file = join(mkdtempSync(join(tmpdir(), "pre-location-state-")), "stack.json");
  writeFileSync(file, JSON.stringify(exported));
  const imported = await stack.cli(["stack", "import", "--stack", stack.stackName, "--file", file]);
  if (imported.exitCode !== 0) throw new Error(`pulumi stack import failed: ${imported.stderr}`);
}
