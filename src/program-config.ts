import * as pulumi from "@pulumi/pulumi";
import type { ConfigSource } from "./settings";

/**
 * Program side: the stack config of the running Pulumi program. Apart from ./settings.ts because it needs
 * the Pulumi runtime, which the provider plugin does without.
 */
export function programConfigSource(): ConfigSource {
  const namespaces = new Map<string, pulumi.Config>();
  return {
    get(key) {
      const separator = key.indexOf(":");
      if (separator < 0) return undefined;
      const namespace = key.slice(0, separator);
      let config = namespaces.get(namespace);
      if (!config) {
        config = new pulumi.Config(namespace);
        namespaces.set(namespace, config);
      }
      return config.get(key.slice(separator + 1));
    },
  };
}
