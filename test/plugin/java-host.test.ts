/**
 * The real Java language host, `pulumi-language-java` (pulumi-java v1.16.0, built in a Go module of its own at
 * the older pkg/v3 it pins: tools/pulumi-java), installed as a plugin in the stack's PULUMI_HOME, with the
 * pinned CLI: a Java program of Stack outputs alone (test/plugin/programs/java-smoke, on com.pulumi:pulumi from Maven Central; no plugin) previewed,
 * applied and destroyed through it. When this fails, the host and the CLI do not get on, whatever the SDK.
 */
import { cpSync, mkdirSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { writeMavenConfig } from "../../tools/java/maven";
import { installJavaHost } from "../../tools/pulumi-java/host";
import { PulumiStack } from "../../tools/pulumi/stack";
import { rootStackType, secretSig, specialSigKey } from "../../tools/pulumi/state";
import type { OperationResult } from "../../tools/pulumi/types";
import { createStageRoot } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";

const PROGRAM = join(__dirname, "programs", "java-smoke");
const TOKEN = "smoke-token-7d1e0c";

interface ExportedResource {
  type: string;
  outputs?: Record<string, unknown>;
}

describe("pulumi-language-java with the pinned CLI", () => {
  let stack: PulumiStack;
  let preview: OperationResult;
  let up: OperationResult;
  let exportedAfterUp: string;
  let destroy: OperationResult;
  let exportedAfterDestroy: string;

  beforeAll(async () => {
    mkdirSync(join(createStageRoot(), "programs"), { recursive: true });
    const programDir = mkdtempSync(join(createStageRoot(), "programs", "java-smoke-"));
    cpSync(PROGRAM, programDir, { recursive: true });
    writeMavenConfig(programDir);
    const workDir = mkdtempSync(join(createStageRoot(), "java-smoke-stack-"));
    await installJavaHost(pinnedCli(), join(workDir, "home"));
    stack = await PulumiStack.create({
      cli: pinnedCli(),
      programDir,
      workDir,
      config: { "java-smoke:name": "smoke" },
      secrets: { "java-smoke:token": TOKEN },
      realLanguageHost: true,
    });
    preview = await stack.preview();
    up = await stack.up({ skipPreview: true });
    exportedAfterUp = await stack.stateText();
    destroy = await stack.destroy({ skipPreview: true });
    exportedAfterDestroy = await stack.stateText();
    const each = [preview, up, destroy].map((run) => `${run.kind} ${(run.durationMs / 1000).toFixed(1)} s`);
    console.log(`Java smoke program: ${each.join(", ")}`);
  }, 300_000);

  afterAll(() => stack?.dispose());

  const resources = (exported: string): ExportedResource[] =>
    (JSON.parse(exported) as { deployment: { resources?: ExportedResource[] } }).deployment.resources ?? [];

  it("previews the program's stack and its outputs, with no warning about where the host was found", () => {
    expect(preview.error).toBeUndefined();
    expect(preview.steps.map((step) => [step.type, step.op])).toEqual([[rootStackType, "create"]]);
    expect(preview.outputs.greeting).toEqual({ value: "hello, smoke", secret: false });
    // Installed in PULUMI_HOME, as the CLI installs the host it downloads: found on PATH, the CLI would warn.
    expect(preview.log.filter((entry) => entry.severity === "warning")).toEqual([]);
    expect(preview.output).not.toContain("pulumi-language-java from $PATH");
  });

  it("applies it: the engine stores the outputs, the secret one encrypted", () => {
    expect(up.error).toBeUndefined();
    const root = resources(exportedAfterUp).find((resource) => resource.type === rootStackType);
    expect(root?.outputs).toEqual({
      greeting: "hello, smoke",
      token: { [specialSigKey]: secretSig, ciphertext: expect.any(String) },
      javaVersion: expect.any(Number),
    });
    expect(exportedAfterUp).not.toContain(TOKEN);
    expect(up.outputs.token).toEqual({ value: TOKEN, secret: true });
  });

  it("hands what the program logs to the engine, as the CLI shows it", () => {
    expect(up.log.map((entry) => entry.message).join("\n")).toMatch(/java-smoke ran on Java \d+/);
  });

  it("destroys the stack", () => {
    expect(destroy.error).toBeUndefined();
    expect(destroy.steps.map((step) => [step.type, step.op])).toEqual([[rootStackType, "delete"]]);
    expect(resources(exportedAfterDestroy)).toEqual([]);
  });
});
