/**
 * The policy pack (policy/) on the real CLI, the provider plugin's front end: a YAML program that breaks every
 * rule it can (test/policy/programs/yaml-violations), previewed with `--policy-pack` and `--policy-pack-config`,
 * the analyzer installed from its tarball into the stack's PULUMI_HOME and given to `--policy-pack`, the pack's
 * folder in PULUMI_POLICY_PACK_DIR (tools/policy/analyzer.ts). Every rule
 * advisory: the preview passes and reports each violation; every rule mandatory: it fails and names each one.
 *
 * On the plugin the secret rule cannot be broken: its Check marks authConfig (a schema secret) secret always.
 */
import { join } from "node:path";
import type { CliRun, PulumiStack } from "../../tools/pulumi/stack";
import { startE2eApi, type E2eApi } from "../e2e/support/e2e-api";
import { stageYamlProgram, yamlPluginStack } from "../plugin/support/quickstart-stack";
import { VIOLATIONS_ON_PLUGIN, violationLine } from "./support/policy-config";
import { installInto, policyStage, writePolicyConfig } from "./support/policy-stage";

describe("policy pack: a YAML program on the provider plugin", () => {
  let api: E2eApi;
  let stack: PulumiStack;
  let advisory: CliRun;
  let mandatory: CliRun;

  beforeAll(async () => {
    api = await startE2eApi();
    const stage = policyStage();
    const programDir = stageYamlProgram(join(__dirname, "programs", "yaml-violations"), "policy-yaml");
    let analyzer = "";
    stack = await yamlPluginStack(programDir, {
      config: { "integrations:baseUrl": api.emulator.url },
      secrets: { "integrations:apiKey": api.apiKey },
      env: { PULUMI_POLICY_PACK_DIR: stage.pack },
      installInHome: async (home) => {
        analyzer = installInto(stage, home);
      },
    });
    // The CLI runs the YAML program on pulumi-language-yaml itself: stack.cli, with no client language host.
    const preview = (level: "advisory" | "mandatory") =>
      stack.cli([
        "preview",
        "--policy-pack",
        analyzer,
        "--policy-pack-config",
        writePolicyConfig(stack.workDir, level),
      ]);
    advisory = await preview("advisory");
    mandatory = await preview("mandatory");
  }, 300_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  it("every rule advisory: the preview passes and reports each violation", () => {
    expect({ exitCode: advisory.exitCode, stderr: advisory.stderr }).toEqual({ exitCode: 0, stderr: "" });
    for (const [rule, resource] of VIOLATIONS_ON_PLUGIN) {
      expect(advisory.stdout).toMatch(violationLine("advisory", rule, resource));
    }
  });

  it("every rule mandatory: the preview fails and names each violation", () => {
    expect(mandatory.exitCode).not.toBe(0);
    for (const [rule, resource] of VIOLATIONS_ON_PLUGIN) {
      expect(mandatory.stdout).toMatch(violationLine("mandatory", rule, resource));
    }
  });
});
