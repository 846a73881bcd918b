/**
 * The fleet benchmark's inline programs (Automation API `program`, run in this process): C connectors per
 * stack, the shape of bench/programs/connectors (each its own name and a secret authConfig), through the
 * plugin's Node.js SDK (`integrations.Connector`) or the package's dynamic `Connector`.
 *
 * Both are loaded as a program loads them, not from this checkout's sources: from a stage folder
 * (test/support/packed-package.ts) whose node_modules hold the npm-packed package and the built SDK. Their
 * `@pulumi/pulumi` is the checkout's, further up, the very copy the Automation API runs the programs with
 * (a second copy would register resources with a runtime that is not running). That folder is also the
 * stacks' working directory: Pulumi's dynamic-provider host requires `pulumi-integrations/dynamic` from it.
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import type { PulumiFn } from "@pulumi/pulumi/automation";
import { stageFolder } from "../../test/support/packed-package";
import { installNodeSdk } from "../../tools/sdk/nodejs";

/** What either front end's Connector takes here (both accept these inputs). */
interface ConnectorInputs {
  name: string;
  appName: string;
  authScheme: string;
  authConfig: pulumi.Input<Record<string, pulumi.Input<string | string[]>>>;
  enabled: boolean;
}

type ConnectorClass = new (
  name: string,
  args: ConnectorInputs,
  opts?: pulumi.CustomResourceOptions,
) => pulumi.CustomResource;

export type FrontEnd = "plugin" | "dynamic";

export interface FleetPrograms {
  /** The stage folder the programs load their packages from. */
  dir: string;
  /**
   * The program of one stack: `count` connectors named after the stack. With `pluginVersion` (the plugin front
   * end only), each asks the engine for that version of the `integrations` plugin: how the null plugin, a
   * version of its own, is chosen over the SDK's default.
   */
  program(frontEnd: FrontEnd, count: number, pluginVersion?: string): PulumiFn;
}

export async function fleetPrograms(): Promise<FleetPrograms> {
  const dir = await stageFolder("bench-fleet");
  await installNodeSdk(dir);
  const load = createRequire(join(dir, "program.js"));
  const classes: Record<FrontEnd, ConnectorClass> = {
    plugin: (load("@pulumi-integrations/sdk") as { Connector: ConnectorClass }).Connector,
    dynamic: (load("pulumi-integrations") as { Connector: ConnectorClass }).Connector,
  };
  return {
    dir,
    program: (frontEnd, count, pluginVersion) => async () => {
      const Connector = classes[frontEnd];
      // One secret for the stack, as the file programs read `bench:clientSecret` once.
      const clientSecret = pulumi.secret("bench-client-secret");
      const options = pluginVersion === undefined ? {} : { version: pluginVersion };
      for (let i = 0; i < count; i++) {
        new Connector(
          `connector-${i}`,
          {
            name: `bench-${pulumi.getStack()}-${i}`,
            appName: "github",
            authScheme: "OAUTH2",
            authConfig: { client_id: `client-${i}`, client_secret: clientSecret, scopes: ["repo"] },
            enabled: true,
          },
          options,
        );
      }
      return { connectors: count };
    },
  };
}
