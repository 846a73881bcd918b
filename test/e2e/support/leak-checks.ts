/**
 * What every scenario ends with: no secret readable where a user or a CI log could see it, and the
 * serialized provider stored with each resource small and shared (a `require` of its kind's module, or the
 * shim's methods that require the stable entry).
 */
import { leaksIn } from "../../support/secret-leaks";
import type { E2eStack } from "./e2e-stack";

export const CONNECTOR_TYPE = "pulumi-nodejs:dynamic/integrations:Connector";
export const INTEGRATION_STATE_TYPE = "pulumi-nodejs:dynamic/integrations:IntegrationState";
export const CONNECTED_ACCOUNT_TYPE = "pulumi-nodejs:dynamic/integrations:ConnectedAccount";
export const TRIGGER_INSTANCE_TYPE = "pulumi-nodejs:dynamic/integrations:TriggerInstance";
export const TRIGGER_WEBHOOK_TYPE = "pulumi-nodejs:dynamic/integrations:TriggerWebhook";

/**
 * The budget of a resource's `__provider` in these scenarios, whose programs load the package from their
 * node_modules: a `require` of the kind's own module, about 0.3 KB (src/dynamic/shims.ts). Serialized by value
 * instead, as where that require would not load the package, it would take about 2.7 KB and fail this.
 */
export const PROVIDER_BUDGET_BYTES = 512;

export interface ScenarioSecrets {
  /**
   * Secrets the stack manages: each must be found in the decrypted state, so that not finding it anywhere
   * else shows it was kept secret rather than never passed along.
   */
  managed: Record<string, string>;
  /** Secrets that must not appear either, though no resource holds them (the API key, others' tokens). */
  other: Record<string, string>;
}

/** The end of every scenario that deploys something: no secret leaked, one small `__provider` per type. */
export function expectNoLeaksAndSmallProviders(
  stack: E2eStack,
  secrets: ScenarioSecrets,
  resourceTypes: string[],
): void {
  const decrypted = JSON.stringify(stack.snapshots);
  const managedNotHeld = Object.entries(secrets.managed)
    .filter(([, secret]) => !decrypted.includes(secret))
    .map(([label]) => label);
  expect(managedNotHeld).toEqual([]);
  expect(secretLeaks(stack, { ...secrets.managed, ...secrets.other })).toEqual([]);
  const footprint = providerFootprint(stack);
  expect(footprint.variants).toEqual(Object.fromEntries(resourceTypes.map((type) => [type, 1])));
  expect(footprint.largestBytes).toBeLessThanOrEqual(PROVIDER_BUDGET_BYTES);
}

/** The places a secret must never appear in, each checked for each secret (see leaksIn). */
export function secretLeaks(stack: E2eStack, secrets: Record<string, string>): string[] {
  return leaksIn(
    {
      "state export": stack.stateTexts.join("\n"),
      "CLI output": stack.runs.map((run) => run.output).join("\n"),
      "engine event logs": withoutSdkRpcTraces(stack.stack.eventLogText()),
      "program output and errors": JSON.stringify(
        stack.runs.map((run) => ({ log: run.log, error: run.error })),
      ),
    },
    secrets,
  );
}

/**
 * The @pulumi/pulumi SDK traces the engine's answer to each resource registration at debug level, as text
 * ("RegisterResource RPC finished: ...; resp: ..."), secret outputs included: the engine masks only the
 * stack's secret config in diagnostics. Such a line shows only with `pulumi up --debug` and in the event log,
 * and any resource's secret output (a service-made signing secret) is in it, whatever the provider does.
 * The scan leaves those trace lines out and reads every other event, debug diagnostics included.
 */
export function withoutSdkRpcTraces(eventLog: string): string {
  return eventLog
    .split("\n")
    .filter((line) => !isSdkRpcTrace(line))
    .join("\n");
}

function isSdkRpcTrace(line: string): boolean {
  if (!line.includes("RegisterResource RPC finished: ")) return false;
  const event = JSON.parse(line) as { diagnosticEvent?: { severity?: string; message?: string } };
  return (
    event.diagnosticEvent?.severity === "debug" &&
    event.diagnosticEvent.message?.startsWith("RegisterResource RPC finished: ") === true
  );
}

export interface ProviderFootprint {
  /**
   * Resource type -> how many distinct `__provider` values its resources had in any recorded state. A
   * value that is not a plain string is counted under "<type> (not a string)".
   */
  variants: Record<string, number>;
  largestBytes: number;
}

/** Every `__provider` stored with a resource, in its inputs and outputs, across the recorded states. */
export function providerFootprint(stack: E2eStack): ProviderFootprint {
  const byType = new Map<string, Set<string>>();
  let largestBytes = 0;
  for (const resource of stack.snapshots.flat()) {
    for (const provider of [resource.inputs.__provider, resource.outputs.__provider]) {
      if (provider === undefined) continue;
      const text = typeof provider === "string" ? provider : JSON.stringify(provider);
      const key = typeof provider === "string" ? resource.type : `${resource.type} (not a string)`;
      largestBytes = Math.max(largestBytes, Buffer.byteLength(text, "utf8"));
      byType.set(key, (byType.get(key) ?? new Set<string>()).add(text));
    }
  }
  return { variants: Object.fromEntries([...byType].map(([type, set]) => [type, set.size])), largestBytes };
}
