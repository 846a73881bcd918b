import * as pulumi from "@pulumi/pulumi";
import { plainPath } from "../resources/shared/secrets-given-plain";

type SecretObjectInput = pulumi.Input<Record<string, unknown> | undefined>;

/**
 * The record of the credentials the program gave plain (../resources/shared/secrets-given-plain.ts), taken
 * from the args before the constructor makes them secret: each key of a secret input object whose value is not
 * a secret Output. A whole object given as a secret counts as secret; one given as a plain Output has every
 * key plain. Only whether a value is secret is asked (`pulumi.isSecret`), never the value.
 */
export function secretsGivenPlain(
  inputs: Record<string, SecretObjectInput>,
): pulumi.Output<string[] | undefined> {
  const perInput = Object.entries(inputs).map(([input, value]) =>
    plainKeysOf(value).apply((keys) => keys.map((key) => plainPath(input, key))),
  );
  return pulumi.all(perInput).apply((lists) => {
    const paths = lists.flat();
    return paths.length > 0 ? paths : undefined;
  });
}

function plainKeysOf(value: SecretObjectInput): pulumi.Output<string[]> {
  if (value === undefined) return pulumi.output([]);
  if (pulumi.Output.isInstance(value)) {
    return pulumi
      .output(pulumi.isSecret(value))
      .apply((secret): pulumi.Output<string[]> =>
        secret ? pulumi.output([]) : value.apply((record) => Object.keys(record ?? {})),
      );
  }
  return pulumi.output(Promise.resolve(value).then(plainKeysOfRecord));
}

async function plainKeysOfRecord(record: Record<string, unknown> | undefined): Promise<string[]> {
  const entries = Object.entries(record ?? {});
  const secret = await Promise.all(entries.map(([, item]) => holdsSecretOutput(item)));
  return entries.filter((_, index) => !secret[index]).map(([key]) => key);
}

/** A value is secret as given when it is a secret Output, or a list holding one. */
async function holdsSecretOutput(item: unknown): Promise<boolean> {
  if (pulumi.Output.isInstance(item)) return pulumi.isSecret(item);
  if (Array.isArray(item)) return (await Promise.all(item.map(holdsSecretOutput))).some(Boolean);
  return false;
}
