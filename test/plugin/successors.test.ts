/**
 * A TriggerWebhook and an IntegrationState with `onDelete: "restore"` of the provider plugin (a program on its
 * Node.js SDK) given a successor, with the real CLI: renamed or moved into a component without `aliases`
 * (created first: the delete leaves the account to its successor and warns), the same with `aliases` (no
 * create, no delete, a destroy restores), and `pulumi up --replace` with the `deleteBeforeReplace` option (the
 * successor carries the value found before the stack) and without it (the engine creates first: as a rename).
 * Each scenario starts from a callback URL and an enabled integration set outside the stack, and ends with
 * `pulumi preview --refresh --expect-no-changes` and a destroy. One stack, one emulator, one scenario after
 * the other.
 */
import { join } from "node:path";
import type { PulumiStack } from "../../tools/pulumi/stack";
import { startE2eApi, type E2eApi } from "../e2e/support/e2e-api";
import {
  ORIGINAL,
  RENAMED,
  STACK_URL,
  expectCarried,
  expectCreatedFirst,
  replaceSteps,
  runScenario,
  stepsOn,
  type Outcome,
  type SuccessorWorld,
} from "../e2e/support/successors";
import { pluginStack, stageSdkProgram } from "./support/quickstart-stack";

const TYPES = { hook: "integrations:index:TriggerWebhook", state: "integrations:index:IntegrationState" };

let api: E2eApi;
let stack: PulumiStack;
let world: SuccessorWorld;

/** Runs one scenario (the tests run one after the other, in file order) and logs what each command cost. */
async function scenario(key: string, change: Parameters<typeof runScenario>[1]): Promise<Outcome> {
  const outcome = await runScenario(world, change);
  console.log(`plugin ${key}: ${outcome.costs.join(", ")}`);
  return outcome;
}

beforeAll(async () => {
  const started = performance.now();
  api = await startE2eApi();
  const integration = await api.client.createIntegration({
    name: "plugin-successors-hackernews",
    appName: "hackernews",
    forceNewIntegration: true,
  });
  const programDir = await stageSdkProgram(join(__dirname, "sdk-programs", "successors"), "successors");
  stack = await pluginStack(programDir, {
    config: { "integrations:baseUrl": api.emulator.url, url: STACK_URL, integrationId: integration.id },
    secrets: { "integrations:apiKey": api.apiKey },
  });
  world = { stack, emulator: api.emulator, client: api.client, integrationId: integration.id, types: TYPES };
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`plugin setup (tarball, SDK program staged and type-checked, stack): ${seconds} s`);
}, 180_000);

afterAll(async () => {
  await stack?.dispose();
  await api?.close();
});

describe("successors of a TriggerWebhook and an IntegrationState (the plugin, Node.js SDK)", () => {
  it("a rename without aliases: created first, the old ones deleted without a revert, and a warning", async () => {
    const outcome = await scenario("renamed", { layout: "renamed" });
    expect(stepsOn(outcome.change, TYPES).sort()).toEqual([
      "create hook-renamed",
      "create state-renamed",
      "delete hook",
      "delete state",
    ]);
    expectCreatedFirst(outcome, world.integrationId, ORIGINAL, RENAMED);
  }, 120_000);

  it("a rename with aliases: no create, no delete; destroy restores", async () => {
    const outcome = await scenario("renamed-aliased", { layout: "renamed-aliased" });
    expect(stepsOn(outcome.change, TYPES).sort()).toEqual(["update hook-renamed", "update state-renamed"]);
    expectCarried(outcome);
  }, 120_000);

  it("a move into a component without aliases: the same as a rename", async () => {
    const outcome = await scenario("component", { layout: "component" });
    expect(stepsOn(outcome.change, TYPES).sort()).toEqual([
      "create hook in Holder",
      "create state in Holder",
      "delete hook",
      "delete state",
    ]);
    expectCreatedFirst(outcome, world.integrationId, ORIGINAL, ORIGINAL);
  }, 120_000);

  it("a move into a component with aliases: no create, no delete; destroy restores", async () => {
    const outcome = await scenario("component-aliased", { layout: "component-aliased" });
    expect(stepsOn(outcome.change, TYPES).sort()).toEqual(["same hook in Holder", "same state in Holder"]);
    expectCarried(outcome);
  }, 120_000);

  it("`up --replace` with deleteBeforeReplace: true deletes first and carries the value found", async () => {
    const outcome = await scenario("replace-delete-first", {
      layout: "original",
      replace: true,
      config: { deleteBeforeReplace: "true" },
    });
    expect(replaceSteps(outcome, TYPES)).toEqual(
      ["hook", "state"].map((name) => [
        `delete-replaced ${name}`,
        `replace ${name}`,
        `create-replacement ${name}`,
      ]),
    );
    expectCarried(outcome);
  }, 120_000);

  it("`up --replace` without the option creates first: as a rename, a warning and no revert", async () => {
    const outcome = await scenario("replace-create-first", { layout: "original", replace: true });
    expect(replaceSteps(outcome, TYPES)).toEqual(
      ["hook", "state"].map((name) => [
        `create-replacement ${name}`,
        `replace ${name}`,
        `delete-replaced ${name}`,
      ]),
    );
    expectCreatedFirst(outcome, world.integrationId, ORIGINAL, ORIGINAL);
  }, 120_000);
});
