import { distinctiveSecret, startE2eApi } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";
import { E2eStack } from "./support/e2e-stack";
import type { RecordedRun } from "./support/e2e-stack";
import { CONNECTOR_TYPE, expectNoLeaksAndSmallProviders } from "./support/leak-checks";
import { opsOf, writesOf } from "./support/steps";

const REPLACING_OPS = ["replace", "create-replacement", "delete-replaced"];

/**
 * While the primary connector is updated, the mirror's appId and client id (derived from the primary's
 * outputs) are unknown in a preview. An unknown replace-forcing input is a possible replacement, and the
 * preview says so, as Terraform plans and Pulumi's bridged providers do: a preview that showed an update
 * where `up` then replaced would hide the one change that deletes something. The real `up` diffs again with
 * the known value, which here comes back the same. As a user runs them: `pulumi preview`, then `pulumi up`
 * (its own preview, then the update).
 */
describe("e2e: a preview with inputs from another resource's unknown outputs", () => {
  const primarySecret = distinctiveSecret("primary-secret");
  const mirrorSecret = distinctiveSecret("mirror-secret");
  let api: E2eApi;
  let stack: E2eStack;
  let create: RecordedRun;
  let preview: RecordedRun;
  let up: RecordedRun;

  beforeAll(async () => {
    api = await startE2eApi();
    stack = await E2eStack.create("unknown-input-preview", api, {
      config: { primaryEnabled: "true" },
      secrets: { primarySecret, mirrorSecret },
    });
    create = await stack.up();
    await stack.setConfig("primaryEnabled", "false");
    preview = await stack.preview();
    up = await stack.up({ skipPreview: false });
  }, 180_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  it("creates both connectors, the mirror of the primary's app", () => {
    expect(create.error).toBeUndefined();
    expect(opsOf(create, "primary")).toEqual(["create"]);
    expect(opsOf(create, "mirror")).toEqual(["create"]);
  });

  it("previews the mirror as a possible replacement (its app is not known yet), and writes nothing", () => {
    expect(preview.error).toBeUndefined();
    expect(opsOf(preview, "primary")).toEqual(["update"]);
    expect(opsOf(preview, "mirror").filter((op) => REPLACING_OPS.includes(op))).not.toEqual([]);
    const mirrorSteps = preview.steps.filter((step) => step.name === "mirror");
    expect(new Set(mirrorSteps.flatMap((step) => step.replaces ?? []))).toEqual(new Set(["appId"]));
    expect(writesOf(preview)).toEqual([]);
  });

  it("`pulumi up` shows the same possible replacement in its preview, then updates only the primary", () => {
    expect(up.error).toBeUndefined();
    const [upPreview, update] = up.output.split(/^Updating \(/m);
    expect(upPreview).toMatch(/^ \+- +\S+:Connector mirror replace /m);
    expect(update).toBeDefined();
    expect(update).not.toMatch(/:Connector mirror /);
    expect(update).toMatch(/^ ~ +\S+:Connector primary updated /m);
    expect(opsOf(up, "primary")).toEqual(["update"]);
    expect(opsOf(up, "mirror")).toEqual(["same"]);
    expect(writesOf(up)).toEqual(["PATCH /api/v1/integrations/:integrationId"]);
    expect(up.outputs.mirrorId).toEqual(create.outputs.mirrorId);
  });

  it("keeps the API key and both client secrets out of state, logs and provider output", () => {
    expectNoLeaksAndSmallProviders(
      stack,
      {
        managed: { "primary secret": primarySecret, "mirror secret": mirrorSecret },
        other: { "API key": api.apiKey },
      },
      [CONNECTOR_TYPE],
    );
  });
});
