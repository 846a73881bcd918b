import * as pulumi from "@pulumi/pulumi";

const warned = new Set<string>();

/** Logs a deprecation warning through Pulumi's log, once per process for each `topic`. */
export function warnOnce(topic: string, message: string): void {
  if (warned.has(topic)) return;
  warned.add(topic);
  void pulumi.log.warn(message);
}
