import type * as pulumi from "@pulumi/pulumi";

/**
 * The program-side args of a resource, derived from its plain provider inputs: every field may be an
 * Input (a value, a Promise or an Output). Distributes over unions, so "exactly one of" rules of the
 * plain type hold for the args too.
 */
export type InputsOf<T> = { [K in keyof T]: pulumi.Input<T[K]> };
