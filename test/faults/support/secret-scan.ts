/**
 * The secret scan run after every fault scenario: no secret value may appear in the state file, the
 * engine log, the provider processes' output or any error text. Findings name the secret by its label
 * and the place it was found, never by its value (a failing test must not print it either).
 */
import type { OperationResult, TestStack } from "../../engine";
import { leaksIn } from "../../support/secret-leaks";

/** Label -> secret value, e.g. { apiKey: "emu_...", clientSecret: "..." }. */
export type Secrets = Record<string, string>;

export async function secretLeaks(
  stack: TestStack,
  results: Record<string, OperationResult>,
  secrets: Secrets,
): Promise<string[]> {
  const places: Record<string, string> = {
    "state file": (await stack.stateText()) ?? "",
    "provider output": stack.providerOutput(),
  };
  for (const [operation, result] of Object.entries(results)) {
    places[`${operation}: engine log`] = JSON.stringify(result.log);
    places[`${operation}: error`] = result.error ?? "";
    places[`${operation}: steps and outputs`] = JSON.stringify({
      steps: result.steps,
      outputs: result.outputs,
    });
  }
  return leaksIn(places, secrets);
}

/** Whether the decrypted state holds the value: proof that the secret travelled, so the scan means something. */
export async function stateHoldsDecrypted(stack: TestStack, value: string): Promise<boolean> {
  return JSON.stringify(await stack.resources()).includes(value);
}
