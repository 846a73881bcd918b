/**
 * What a policy test runs the pack with: the release's pack, unpacked into the run's stage folder, and the
 * release's analyzer archive (tools/policy/analyzer.ts); per stack a PULUMI_HOME with the analyzer installed
 * and a config file per enforcement level.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { policyAssetNames } from "../../../scripts/release/policy";
import { installAnalyzer, unpackPolicyPack } from "../../../tools/policy/analyzer";
import { releaseFolder } from "../../release/support/release-folder";
import { createStageRoot } from "../../support/packed-package";
import { pinnedCli } from "../../support/pulumi-cli";
import { policyConfig } from "./policy-config";

export interface PolicyStage {
  /** The unpacked pack's folder: PULUMI_POLICY_PACK_DIR. */
  pack: string;
  /** The analyzer's plugin archive. */
  tarball: string;
}

export async function policyStage(): Promise<PolicyStage> {
  const release = await releaseFolder();
  const { pack, analyzer } = policyAssetNames();
  const dir = join(createStageRoot(), "policy");
  mkdirSync(dir, { recursive: true });
  return { pack: unpackPolicyPack(join(release, pack), dir), tarball: join(release, analyzer) };
}

/** Installs the analyzer into `home`; returns the executable for `--policy-pack`. */
export function installInto(stage: PolicyStage, home: string): string {
  mkdirSync(home, { recursive: true });
  return installAnalyzer(pinnedCli().bin, home, stage.tarball);
}

/** A new work folder for a stack (its `home` holding the analyzer), and the analyzer's executable. */
export function policyWorkDir(stage: PolicyStage): { workDir: string; analyzer: string } {
  const workDir = mkdtempSync(join(createStageRoot(), "policy-stack-"));
  return { workDir, analyzer: installInto(stage, join(workDir, "home")) };
}

/** Writes the `--policy-pack-config` file of every rule at `level` into `dir`; returns its path. */
export function writePolicyConfig(dir: string, level: "advisory" | "mandatory"): string {
  const file = join(dir, `policy-${level}.json`);
  writeFileSync(file, JSON.stringify(policyConfig(level)));
  return file;
}
