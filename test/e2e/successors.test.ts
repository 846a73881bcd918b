/**
 * A TriggerWebhook and an IntegrationState with `onDelete: "restore"` (the dynamic resources) given a
 * successor, with the real CLI: renamed or moved into a component without `aliases` (the engine creates the
 * new resource, then deletes the old one: the delete leaves the account to its successor and warns), a rename
 * in two deployments (`up --target` the new ones, then `up`), the same with `aliases` (no create, no delete, a
 * destroy restores), and `pulumi up --replace` (the classes delete first by default: the successor carries the
 * value found before the stack). Each scenario starts from a callback URL and an enabled integration set
 * outside the stack, and ends with `pulumi preview --refresh --expect-no-changes` and a destroy. One stack, one
 * emulator, the scenarios one after the other (test/e2e/support/successors.ts).
 */
import { startE2eApi, type E2eApi } from "./support/e2e-api";
import { E2eStack } from "./support/e2e-stack";
import { INTEGRATION_STATE_TYPE, TRIGGER_WEBHOOK_TYPE } from "./support/leak-checks";
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
} from "./support/successors";

const TYPES = { hook: TRIGGER_WEBHOOK_TYPE, state: INTEGRATION_STATE_TYPE };

let api: E2eApi;
let e2e: E2eStack;
let world: SuccessorWorld;

/** Runs one scenario (the tests run one after the other, in file order) and logs what each command cost. */
async function scenario(key: string, change: Parameters<typeof runScenario>[1]): Promise<Outcome> {
  const outcome = await runScenario(world, change);
  console.log(`dynamic ${key}: ${outcome.costs.join(", ")}`);
  return outcome;
}

beforeAll(async () => {
  api = await startE2eApi();
  const integration = await api.client.createIntegration({
    name: "e2e-successors-hackernews",
    appName: "hackernews",
    forceNewIntegration: true,
  });
  e2e = await E2eStack.create("successors", api, {
    config: { url: STACK_URL, integrationId: integration.id },
  });
  world = {
    stack: e2e.stack,
    emulator: api.emulator,
    client: api.client,
    integrationId: integration.id,
    types: TYPES,
  };
}, 120_000);

afterAll(async () => {
  await e2e?.dispose();
  await api?.close();
});

describe("e2e: successors of a TriggerWebhook and an IntegrationState (dynamic resources)", () => {
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

  it("a rename in two deployments (`up --target` the new ones, then `up`): the same warning", async () => {
    const outcome = await scenario("renamed-targeted", {
      layout: "renamed",
      targetFirst: [e2e.urn(TYPES.hook, RENAMED.hook), e2e.urn(TYPES.state, RENAMED.state)],
    });
    expect(stepsOn(outcome.targeted!, TYPES).sort()).toEqual([
      "create hook-renamed",
      "create state-renamed",
      "same hook",
      "same state",
    ]);
    // The successors exist before this deployment: checked (with their olds), never created in it.
    expect(stepsOn(outcome.change, TYPES).sort()).toEqual([
      "delete hook",
      "delete state",
      "same hook-renamed",
      "same state-renamed",
    ]);
    expectCreatedFirst(outcome, world.integrationId, ORIGINAL, RENAMED);
  }, 120_000);

  it("a rename with aliases: no create, no delete; destroy restores", async () => {
    const outcome = await scenario("renamed-aliased", { layout: "renamed-aliased" });
    // Each records its new name (an update that writes nothing: expectCarried checks the writes).
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
    // The successors have the same logical names: the warnings name them so.
    expectCreatedFirst(outcome, world.integrationId, ORIGINAL, ORIGINAL);
  }, 120_000);

  it("a move into a component with aliases: no create, no delete; destroy restores", async () => {
    const outcome = await scenario("component-aliased", { layout: "component-aliased" });
    expect(stepsOn(outcome.change, TYPES).sort()).toEqual(["same hook in Holder", "same state in Holder"]);
    expectCarried(outcome);
  }, 120_000);

  it("`up --replace` deletes first by default and carries the value found before the stack", async () => {
    const outcome = await scenario("replace", { layout: "original", replace: true });
    expect(replaceSteps(outcome, TYPES)).toEqual(
      ["hook", "state"].map((name) => [
        `delete-replaced ${name}`,
        `replace ${name}`,
        `create-replacement ${name}`,
      ]),
    );
    expectCarried(outcome);
  }, 120_000);
});
