/**
 * What the fuzzer knows of the world without looking at it: the program it wrote, the settings it gave, and
 * so which steps must succeed and which the README says are refused.
 */
import type { StateResource } from "./invariants";
import { initialSpec, type ProgramSpec } from "./program";
import type { FrontEnd } from "./world";

export type Outcome = "success" | "refusal" | "either";

export interface Model {
  frontEnd: FrontEnd;
  spec: ProgramSpec;
  /** The default provider's key: a1 or a2, both alpha's. */
  key: "a1" | "a2";
  /** How the default provider's base URL is spelt: `127.0.0.1` or `localhost`. */
  spelling: "127" | "localhost";
  /** The last step left the stack as the program says (an `up` that exited 0, and nothing changed since). */
  settled: boolean;
  /** The second stack's program while that stack holds something (`pulumi state move`), else undefined. */
  second: ProgramSpec | undefined;
  /** The managed resources of state after the last step (what the engine stored, as read back). */
  state: StateResource[];
  /**
   * A TriggerWebhook or IntegrationState whose successor was created before it was deleted (a rename or a move
   * without aliases; with the plugin also a move to another provider or a `--replace`): the successor recorded
   * the old resource's value as the one found before the stack, so a destroy no longer puts the first value
   * back (the README's "Renaming and moving resources", with the warning the delete prints).
   */
  lostBefore: { webhook: boolean; state: boolean };
  /** Counters that make each rename and each URL new. */
  next: { generation: number; url: number };
  /** How many times each catalogue step ran. */
  counts: Record<string, number>;
}

export function initialModel(frontEnd: FrontEnd): Model {
  return {
    frontEnd,
    spec: initialSpec(),
    key: "a1",
    spelling: "127",
    second: undefined,
    settled: false,
    state: [],
    lostBefore: { webhook: false, state: false },
    next: { generation: 1, url: 1 },
    counts: {},
  };
}

/** Resources whose object the default provider (the environment's key and URL) reaches. */
export function onDefaultProvider(model: Model): StateResource[] {
  return model.state.filter((resource) => resource.onDefault);
}

/**
 * A command run with another account's key, or at another service: refused whenever state holds a resource
 * of the default provider (docs/guides/configuring-and-accounts.md, "Where each object lives"); with none, nothing tells it apart from a
 * new stack, so it may go either way, and invariant 3 still forbids every write there.
 */
export function guarded(model: Model): Outcome {
  return onDefaultProvider(model).length > 0 ? "refusal" : "either";
}
