/**
 * The policy pack (policy/) on the real CLI, the dynamic resources' front end: a TypeScript program breaking
 * every rule (test/policy/programs/dynamic-violations), previewed with every rule advisory (passes, reports each
 * violation) and every rule mandatory (fails, names each); and a compliant program
 * (test/policy/programs/dynamic-compliant) that passes with every rule mandatory.
 */
import { join } from "node:path";
import { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { startE2eApi, type E2eApi } from "../e2e/support/e2e-api";
import { stageProgram } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";
import { VIOLATIONS_ON_DYNAMIC, violationLine } from "./support/policy-config";
import { policyStage, policyWorkDir, writePolicyConfig, type PolicyStage } from "./support/policy-stage";

describe("policy pack: TypeScript programs on the dynamic resources", () => {
  let api: E2eApi;
  const stacks: PulumiStack[] = [];
  const runs: Record<"advisory" | "mandatory" | "compliant", OperationResult> = {} as never;

  /** A stack of the program with the analyzer in its home, and its preview with every rule at `level`. */
  async function stackOf(stage: PolicyStage, program: string) {
    const programDir = await stageProgram(join(__dirname, "programs", program), `policy-${program}`);
    const { workDir, analyzer } = policyWorkDir(stage);
    const stack = await PulumiStack.create({
      cli: pinnedCli(),
      programDir,
      workDir,
      config: { "integrations:baseUrl": api.emulator.url },
      secrets: { "integrations:apiKey": api.apiKey },
      env: { PULUMI_POLICY_PACK_DIR: stage.pack },
    });
    stacks.push(stack);
    return (level: "advisory" | "mandatory") =>
      stack.preview({ policyPacks: [{ pack: analyzer, config: writePolicyConfig(workDir, level) }] });
  }

  beforeAll(async () => {
    api = await startE2eApi();
    const stage = await policyStage();
    const violations = await stackOf(stage, "dynamic-violations");
    runs.advisory = await violations("advisory");
    runs.mandatory = await violations("mandatory");
    runs.compliant = await (await stackOf(stage, "dynamic-compliant"))("mandatory");
  }, 300_000);

  afterAll(async () => {
    await Promise.all(stacks.map((stack) => stack.dispose()));
    await api?.close();
  });

  it("every rule advisory: the preview passes and reports each violation", () => {
    expect({ exitCode: runs.advisory.exitCode, error: runs.advisory.error }).toEqual({
      exitCode: 0,
      error: undefined,
    });
    for (const [rule, resource] of VIOLATIONS_ON_DYNAMIC)
      expect(runs.advisory.output).toMatch(violationLine("advisory", rule, resource));
  });

  it("every rule mandatory: the preview fails and names each violation", () => {
    expect(runs.mandatory.exitCode).not.toBe(0);
    for (const [rule, resource] of VIOLATIONS_ON_DYNAMIC)
      expect(runs.mandatory.output).toMatch(violationLine("mandatory", rule, resource));
  });

  it("names a credential written into the program by its path, never its value", () => {
    expect(runs.advisory.output).toContain("authConfig.password is given as a plain value");
    expect(runs.advisory.output).toContain("authConfig.client_secret is given as a plain value");
    expect(runs.advisory.output).not.toMatch(/a-plain-password|a-plain-client-secret/);
  });

  it("a compliant program passes with every rule mandatory, no violation reported", () => {
    expect({ exitCode: runs.compliant.exitCode, error: runs.compliant.error }).toEqual({
      exitCode: 0,
      error: undefined,
    });
    expect(runs.compliant.output).not.toMatch(/\[(advisory|mandatory)\]/);
  });
});
