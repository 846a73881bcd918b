/**
 * The policy pack (policy/) on the real CLI, the provider plugin's front end: a YAML program on the real
 * `pulumi-language-yaml` that breaks every rule (test/policy/programs/yaml-violations), previewed with
 * `--policy-pack` and `--policy-pack-config`, the analyzer installed from its tarball into the stack's PULUMI_HOME
 * and given to `--policy-pack`, the pack's folder in PULUMI_POLICY_PACK_DIR (tools/policy/analyzer.ts). Every
 * rule advisory: the preview passes and reports each violation; every rule mandatory: it fails and names each
 * one. A compliant program (test/policy/programs/yaml-compliant) passes with every rule mandatory.
 */
import { join } from "node:path";
import type { CliRun, PulumiStack } from "../../tools/pulumi/stack";
import { startE2eApi, type E2eApi } from "../e2e/support/e2e-api";
import { stageYamlProgram, yamlPluginStack } from "../plugin/support/quickstart-stack";
import { VIOLATIONS_ON_PLUGIN, violationLine } from "./support/policy-config";
import { installInto, policyStage, writePolicyConfig, type PolicyStage } from "./support/policy-stage";

describe("policy pack: YAML programs on the provider plugin", () => {
  let api: E2eApi;
  const stacks: PulumiStack[] = [];
  const runs: Record<"advisory" | "mandatory" | "compliant", CliRun> = {} as never;

  /** A stack of the program with the analyzer in its home, and its preview with every rule at `level`. */
  async function stackOf(stage: PolicyStage, program: string) {
    const programDir = stageYamlProgram(join(__dirname, "programs", program), `policy-${program}`);
    let analyzer = "";
    const stack = await yamlPluginStack(programDir, {
      config: { "integrations:baseUrl": api.emulator.url },
      secrets: { "integrations:apiKey": api.apiKey },
      env: { PULUMI_POLICY_PACK_DIR: stage.pack },
      installInHome: async (home) => {
        analyzer = installInto(stage, home);
      },
    });
    stacks.push(stack);
    // The CLI runs a YAML program on pulumi-language-yaml itself: stack.cli, with no client language host.
    return (level: "advisory" | "mandatory") =>
      stack.cli([
        "preview",
        "--policy-pack",
        analyzer,
        "--policy-pack-config",
        writePolicyConfig(stack.workDir, level),
      ]);
  }

  beforeAll(async () => {
    api = await startE2eApi();
    const stage = await policyStage();
    const violations = await stackOf(stage, "yaml-violations");
    runs.advisory = await violations("advisory");
    runs.mandatory = await violations("mandatory");
    runs.compliant = await (await stackOf(stage, "yaml-compliant"))("mandatory");
  }, 300_000);

  afterAll(async () => {
    await Promise.all(stacks.map((stack) => stack.dispose()));
    await api?.close();
  });

  it("every rule advisory: the preview passes and reports each violation", () => {
    expect({ exitCode: runs.advisory.exitCode, stderr: runs.advisory.stderr }).toEqual({
      exitCode: 0,
      stderr: "",
    });
    for (const [rule, resource] of VIOLATIONS_ON_PLUGIN) {
      expect(runs.advisory.stdout).toMatch(violationLine("advisory", rule, resource));
    }
  });

  it("every rule mandatory: the preview fails and names each violation", () => {
    expect(runs.mandatory.exitCode).not.toBe(0);
    for (const [rule, resource] of VIOLATIONS_ON_PLUGIN) {
      expect(runs.mandatory.stdout).toMatch(violationLine("mandatory", rule, resource));
    }
  });

  it("names a credential written into the program by its path, never its value", () => {
    expect(runs.advisory.stdout).toContain("authConfig.client_secret is given as a plain value");
    expect(runs.advisory.stdout + runs.mandatory.stdout).not.toContain("a-plain-client-secret");
  });

  it("a compliant program passes with every rule mandatory, no violation reported", () => {
    expect({ exitCode: runs.compliant.exitCode, stderr: runs.compliant.stderr }).toEqual({
      exitCode: 0,
      stderr: "",
    });
    expect(runs.compliant.stdout).not.toMatch(/\[(advisory|mandatory)\]/);
  });
});
