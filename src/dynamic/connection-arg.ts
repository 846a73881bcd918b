import * as pulumi from "@pulumi/pulumi";
import type { ConnectionArgs } from "../program-connection";

export type { ConnectionArgs };

/** The `connection` arg every resource takes (a type, not an interface: args stay plain records). */
export type WithConnectionArg = {
  /** Manage this resource in another account than the stack config's `integrations:apiKey`/`baseUrl`. */
  connection?: pulumi.Input<ConnectionArgs>;
};

/** Secret as a whole in the stored inputs: the key is never readable in state. */
export function secretConnection(
  connection: pulumi.Input<ConnectionArgs> | undefined,
): pulumi.Output<ConnectionArgs> | undefined {
  return connection === undefined ? undefined : pulumi.secret(connection);
}
