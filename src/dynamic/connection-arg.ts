import * as pulumi from "@pulumi/pulumi";

/** The account a resource lives in, instead of the stack config's (see resources/shared/connection.ts). */
export interface ConnectionArgs {
  /** e.g. https://api.example.com */
  baseUrl: pulumi.Input<string>;
  /** Stored as a secret, whether or not it is given as one. */
  apiKey: pulumi.Input<string>;
}

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
