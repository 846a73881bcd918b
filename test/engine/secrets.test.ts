import { join } from "node:path";
import { TestStack, isSecret } from "./index";
import type { OperationResult, ResourceState } from "./index";
import { engineTestTimeoutMs, programsDir } from "./test-helpers";

const apiKey = "sk-test-not-a-real-key-4f1c";

describe("test engine: secrets", () => {
  let stack: TestStack;
  let up: OperationResult;
  let refresh: OperationResult;
  let resources: ResourceState[];
  let stateText: string;

  beforeAll(async () => {
    stack = await TestStack.create(join(programsDir, "secrets"), { secrets: { "nulltest:apiKey": apiKey } });
    up = await stack.up();
    refresh = await stack.refresh();
    resources = await stack.resources();
    stateText = (await stack.stateText()) ?? "";
  }, engineTestTimeoutMs);

  afterAll(() => stack.dispose());

  const state = (name: string): ResourceState | undefined =>
    resources.find((r) => r.urn.endsWith(`::${name}`));

  it("hands the provider plain values: the stack config through Configure, secret inputs unwrapped", () => {
    expect(up.error).toBeUndefined();
    expect(stack.providerOutput()).toContain("null:configure apiKeyType=string");
    expect(stack.providerOutput()).toContain("null:create:held secretPlain=true");
  });

  it("marks outputs secret again: same-named inputs and additionalSecretOutputs", () => {
    expect(isSecret(state("held")?.outputs.secretValue)).toBe(true);
    expect(isSecret(state("held")?.outputs.value)).toBe(false);
    expect(isSecret(state("marked")?.outputs.computed)).toBe(true);
    expect(up.outputs.heldSecret).toEqual({ value: apiKey, secret: true });
    expect(up.outputs.markedComputed).toEqual({ value: "computed-marked-plain", secret: true });
    expect(up.outputs.heldValue).toEqual({ value: "plain", secret: false });
  });

  it("keeps secrets secret through a refresh", () => {
    expect(refresh.error).toBeUndefined();
    expect(refresh.steps.map((step) => step.op)).toEqual(["same", "same"]);
    expect(isSecret(state("held")?.outputs.secretValue)).toBe(true);
    expect(isSecret(state("marked")?.outputs.computed)).toBe(true);
  });

  it("stores secrets encrypted with the passphrase: nothing readable in state or the logs", () => {
    expect(stateText).toContain('"ciphertext": "v1:');
    expect(stateText).not.toContain(apiKey);
    expect(stateText).not.toContain("computed-marked-plain");
    for (const result of [up, refresh]) expect(JSON.stringify(result.log)).not.toContain(apiKey);
    expect(stack.providerOutput()).not.toContain(apiKey);
  });

  it("opens the state with the passphrase only", async () => {
    const reopened = await TestStack.create(join(programsDir, "secrets"), { stateDir: stack.stateDir });
    expect((await reopened.resources()).length).toBe(resources.length);
    await expect(
      TestStack.create(join(programsDir, "secrets"), { stateDir: stack.stateDir, passphrase: "wrong" }),
    ).rejects.toThrow("incorrect passphrase");
  });
});
