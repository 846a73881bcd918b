/**
 * YAML without repetition: the README's YAML quickstart, run as written on the real `pulumi-language-yaml`,
 * names the plugin's `version` and `pluginDownloadURL` once, on a provider resource with `defaultProvider: true`
 * (pulumi-yaml v1.38.1, pkg/pulumiyaml/run.go setDefaultProviders), and its three resources and its invoke
 * name none. Guards that
 * every one of them runs on that one provider (no default provider starts beside it, so the claims that
 * protect successors live in one process), and that the provider records the version and the download URL.
 */
import { parse as parseYaml } from "yaml";
import { releaseVersion } from "../../scripts/release/version";
import { PLUGIN_DOWNLOAD_URL } from "../../src/plugin/resources";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { readmeYamlQuickstart } from "../docs/support/code-blocks";
import { startE2eApi, type E2eApi } from "../e2e/support/e2e-api";
import { stageYamlText, yamlPluginStack } from "./support/quickstart-stack";

const PROGRAM = readmeYamlQuickstart().text;

interface StoredResource {
  urn: string;
  type: string;
  provider?: string;
  inputs?: Record<string, unknown>;
}

describe("YAML: the plugin's version and download URL named once (defaultProvider)", () => {
  let api: E2eApi;
  let stack: PulumiStack;
  let up: OperationResult;
  let resources: StoredResource[];
  let destroy: OperationResult;

  beforeAll(async () => {
    api = await startE2eApi();
    stack = await yamlPluginStack(stageYamlText(PROGRAM, "readme-yaml-quickstart"), {
      // Only the provider resource's own properties: no `integrations:*` config, no INTEGRATIONS_API_KEY,
      // so a default provider, were one started, would have no key.
      config: { baseUrl: api.emulator.url },
      secrets: { apiKey: api.apiKey },
    });
    up = await stack.up({ skipPreview: true });
    resources = (JSON.parse(await stack.stateText()) as { deployment: { resources: StoredResource[] } })
      .deployment.resources;
    destroy = await stack.destroy({ skipPreview: true });
  }, 300_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  it("names the version and the download URL once, on the provider resource, none on the resources", () => {
    const program = parseYaml(PROGRAM) as {
      resources: Record<string, { options?: Record<string, unknown> }>;
    };
    const withOptions = Object.entries(program.resources)
      .filter(([, resource]) => resource.options?.version !== undefined)
      .map(([name, resource]) => [name, resource.options]);
    expect(withOptions).toEqual([
      ["integrations", { version: releaseVersion(), pluginDownloadURL: PLUGIN_DOWNLOAD_URL }],
    ]);
  });

  it("runs every resource and the invoke on that one provider: no default provider starts", () => {
    expect({ exitCode: up.exitCode, error: up.error }).toEqual({ exitCode: 0, error: undefined });
    const providers = resources.filter((resource) => resource.type === "pulumi:providers:integrations");
    expect(providers.map((provider) => provider.urn.split("::").pop())).toEqual(["integrations"]);
    expect(providers[0]!.inputs).toMatchObject({ version: releaseVersion(), baseUrl: api.emulator.url });
    const managed = resources.filter((resource) => resource.type.startsWith("integrations:index:"));
    expect(managed.map((resource) => resource.urn.split("::").pop()).sort()).toEqual([
      "events",
      "github",
      "linear",
    ]);
    for (const resource of managed)
      expect(resource.provider).toMatch(/::pulumi:providers:integrations::integrations::/);
    // The invoke ran too (on the same provider: no other has a key), and found the new connector's triggers.
    expect(JSON.stringify(up.outputs?.githubTriggers?.value ?? [])).toContain("GITHUB_STAR_ADDED_EVENT");
  });

  it("records the download URL with the provider, for a machine that must fetch the plugin", () => {
    const provider = resources.find((resource) => resource.type === "pulumi:providers:integrations");
    expect(JSON.stringify(provider)).toContain(PLUGIN_DOWNLOAD_URL);
  });

  it("destroys what it made", () => {
    expect({ exitCode: destroy.exitCode, error: destroy.error }).toEqual({ exitCode: 0, error: undefined });
  });
});
