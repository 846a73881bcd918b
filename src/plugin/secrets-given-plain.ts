import type { ResourceDefinition } from "../resources/shared/definition";
import { plainPath, SECRETS_GIVEN_PLAIN } from "../resources/shared/secrets-given-plain";
import { isUnknown } from "../resources/shared/unknowns";
import { holdsSecret, isSecretValue, type Props } from "./properties";
import type { z } from "zod";

/**
 * The record of the credentials a program gave plain (../resources/shared/secrets-given-plain.ts), read from
 * the inputs as the engine sent them to Check, before Check marks the secret inputs secret: each key of a
 * secret input object whose value came with no secret inside it. A value not known yet (a preview) is not
 * counted: it is checked when known. Undefined for a kind that keeps no record, or when nothing came plain.
 * `credentialInputs`: the inputs the definition flags secret, as the server reads them once per kind.
 *
 * The schema leaves these inputs unflagged as secrets (./schema/build.ts), so that the generated SDKs and Pulumi
 * YAML send them as the program gave them.
 */
export function secretsGivenPlain(
  definition: ResourceDefinition<z.ZodRawShape, z.ZodRawShape>,
  credentialInputs: ReadonlySet<string>,
  wire: Props,
): { [SECRETS_GIVEN_PLAIN]: string[] | undefined } | undefined {
  if (!(SECRETS_GIVEN_PLAIN in definition.inputs)) return undefined;
  const paths = [...credentialInputs].flatMap((input) => {
    const value = wire[input];
    if (isSecretValue(value) || typeof value !== "object" || value === null || Array.isArray(value))
      return [];
    return Object.entries(value as Props)
      .filter(([, item]) => !holdsSecret(item) && !isUnknown(item))
      .map(([key]) => plainPath(input, key));
  });
  return { [SECRETS_GIVEN_PLAIN]: paths.length > 0 ? paths : undefined };
}
