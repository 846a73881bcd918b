/**
 * The secret scan run after every fault scenario: no secret value may appear where the real CLI puts text a
 * user or a CI log can read: `pulumi stack export` (secrets stay encrypted there), what the CLI printed, the
 * engine event logs of every command (they carry the providers' and the program's diagnostics, debug ones
 * included), and the errors and diagnostics of each result. Findings name the secret by its label and the
 * place it was found, never by its value (a failing test must not print it either).
 */
import type { PulumiStack } from "../../../tools/pulumi/stack";
import type { OperationResult } from "../../../tools/pulumi/types";
import { leaksIn } from "../../support/secret-leaks";

/** Label -> secret value, e.g. { apiKey: "emu_...", clientSecret: "..." }. */
export type Secrets = Record<string, string>;

export async function secretLeaks(
  stack: PulumiStack,
  results: Record<string, OperationResult>,
  secrets: Secrets,
): Promise<string[]> {
  const places: Record<string, string> = {
    [`${stack.workDir}: state export`]: await stack.stateText(),
    [`${stack.workDir}: engine event logs`]: stack.eventLogText(),
  };
  for (const [operation, result] of Object.entries(results)) {
    places[`${operation}: CLI output`] = result.output;
    places[`${operation}: diagnostics and program output`] = JSON.stringify(result.log);
    places[`${operation}: error`] = result.error ?? "";
    places[`${operation}: steps and outputs`] = JSON.stringify({
      steps: result.steps,
      outputs: result.outputs,
    });
  }
  return leaksIn(places, secrets);
}

/** Whether the decrypted state holds the value: proof that the secret travelled, so the scan means something. */
export async function stateHoldsDecrypted(stack: PulumiStack, value: string): Promise<boolean> {
  return JSON.stringify(await stack.resources()).includes(value);
}
