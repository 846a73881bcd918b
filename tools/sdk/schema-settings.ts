/**
 * The schema keys the SDKs' names and layout come from (tools/pulumi/sdkgen/main.go says why each matters).
 * Without them the generators still write SDKs, but not this project's: without `meta.supportPack` the Go SDK
 * has no go.mod (so nothing can `replace` it with ../sdk/go) and the Python SDK reads its version from an
 * installed distribution instead of carrying it.
 */

interface RequiredSetting {
  /** Dotted path from the schema's root. */
  path: readonly string[];
  expected: unknown;
}

export const REQUIRED_SDK_SETTINGS: readonly RequiredSetting[] = [
  { path: ["meta", "supportPack"], expected: true },
  { path: ["language", "nodejs", "packageName"], expected: "@pulumi-integrations/sdk" },
  { path: ["language", "python", "packageName"], expected: "pulumi_integrations" },
  { path: ["language", "python", "pyproject", "enabled"], expected: true },
  {
    path: ["language", "go", "importBasePath"],
    expected: "github.com/pulumi-integrations/pulumi-integrations/sdk/go/integrations",
  },
  // The Java package io.github.pulumiintegrations.integrations, built with Maven (no Gradle files).
  { path: ["language", "java", "basePackage"], expected: "io.github.pulumiintegrations" },
  { path: ["language", "java", "buildFiles"], expected: "none" },
];

/** Each required key the schema lacks or sets otherwise, as `path: expected (found ...)`. */
export function missingSdkSettings(schema: unknown): string[] {
  return REQUIRED_SDK_SETTINGS.flatMap(({ path, expected }) => {
    const found = path.reduce<unknown>(
      (value, key) =>
        typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined,
      schema,
    );
    return found === expected
      ? []
      : [`${path.join(".")}: ${JSON.stringify(expected)} (found ${JSON.stringify(found) ?? "nothing"})`];
  });
}
