import type * as pulumi from "@pulumi/pulumi";

/**
 * Program side: the account a resource or a data function reaches instead of the stack config's, as a program
 * writes it (every field may be an Input). The providers see it as plain `Connection` values
 * (resources/shared/connection.ts).
 */
export interface ConnectionArgs {
  /** e.g. https://api.example.com */
  baseUrl: pulumi.Input<string>;
  /** Stored as a secret, whether or not it is given as one. */
  apiKey: pulumi.Input<string>;
}
