/**
 * The fuzzer's invariant checker reports each violation it exists for: one is planted at a time in an
 * observation that keeps every invariant (a stack holding all five kinds in alpha), and the checker must name
 * that invariant and no other. A checker that reports nothing would pass every sequence.
 */
import { violations, type Expectations, type Observation } from "./support/invariants";
import { BEFORE_URL, type AccountObjects } from "./support/world";

const ONE = "http://127.0.0.1:40001";
const TWO = "http://127.0.0.1:40002";
const KEY = "sk_live_planted_0123456789";
const ELSEWHERE = "int_elsewhere";

const empty = (): AccountObjects => ({
  connectors: {},
  connectedAccounts: [],
  triggerInstances: [],
  callbackUrl: undefined,
  elsewhereEnabled: undefined,
});

function consistent(): { observed: Observation; expected: Expectations } {
  const where = { serviceUrl: ONE, accountId: "alpha" };
  const resource = (kind: string, name: string, id: string, outputs: Record<string, unknown> = {}) => ({
    kind,
    name,
    id,
    outputs: { ...where, ...outputs },
    onDefault: true,
  });
  return {
    observed: {
      step: "up",
      exitCode: 0,
      error: undefined,
      stateText: '{"deployment":{"resources":[]}}',
      resources: [
        resource("Connector", "seq-github", "int_1"),
        resource("ConnectedAccount", "seq-user", "ca_1"),
        resource("TriggerInstance", "seq-stars", "ti_1"),
        resource("TriggerWebhook", "seq-events", "callback-url", { url: "https://hooks.example/seq/0" }),
        resource("IntegrationState", "seq-shared", ELSEWHERE, { enabled: false }),
      ],
      output: "Resources: 5 created",
      accounts: {
        alpha: {
          connectors: { int_1: { name: "seq-github-a1b2", enabled: true } },
          connectedAccounts: ["ca_1"],
          triggerInstances: ["ti_1"],
          callbackUrl: "https://hooks.example/seq/0",
          elsewhereEnabled: false,
        },
        beta: empty(),
        delta: empty(),
        gamma: empty(),
      },
      writes: { alpha: ["POST /api/v1/integrations"], beta: [], delta: [], gamma: [] },
    },
    expected: {
      services: { one: ONE, two: TWO },
      chosen: ["alpha"],
      desired: {
        resources: [
          { kind: "Connector", name: "seq-github" },
          { kind: "ConnectedAccount", name: "seq-user" },
          { kind: "TriggerInstance", name: "seq-stars" },
          { kind: "TriggerWebhook", name: "seq-events" },
          { kind: "IntegrationState", name: "seq-shared" },
        ],
        webhookUrl: "https://hooks.example/seq/0",
        stateEnabled: false,
      },
      interruptedCreates: false,
      stateMayLag: false,
      signalled: false,
      destroyed: false,
      restores: { callbackUrl: true, elsewhere: true },
      secrets: [KEY],
    },
  };
}

const reported = ({ observed, expected }: ReturnType<typeof consistent>) =>
  [...new Set(violations(observed, expected).map((violation) => violation.invariant))].sort();

test("a consistent observation keeps every invariant", () => {
  expect(violations(consistent().observed, consistent().expected)).toEqual([]);
});

test("1: an object deleted behind the stack", () => {
  const world = consistent();
  world.observed.accounts.alpha.connectors = {};
  world.observed.accounts.alpha.connectedAccounts = [];
  world.observed.accounts.alpha.triggerInstances = [];
  expect(reported(world)).toEqual([1]);
});

test("1: a resource recorded at another service than its account's", () => {
  const world = consistent();
  world.observed.resources[0]!.outputs.serviceUrl = TWO;
  expect(reported(world)).toEqual([1]);
});

test("2 and 3: an object made in a third account", () => {
  const world = consistent();
  world.observed.accounts.delta.connectors = { int_9: { name: "seq-github-x", enabled: true } };
  world.observed.writes.delta = ["POST /api/v1/integrations"];
  expect(reported(world)).toEqual([2, 3]);
});

test("2: an orphan, unless the CLI was interrupted during a create", () => {
  const world = consistent();
  world.observed.accounts.alpha.connectors.int_8 = { name: "seq-github-orphan", enabled: true };
  expect(reported(world)).toEqual([2]);
  world.expected.interruptedCreates = true;
  expect(reported(world)).toEqual([]);
});

test("1: a deleted object still in state is allowed only right after a killed CLI", () => {
  const world = consistent();
  world.observed.accounts.alpha.triggerInstances = [];
  expect(reported(world)).toEqual([1]);
  world.expected.stateMayLag = true;
  expect(reported(world)).toEqual([]);
});

test("4: a changed singleton (the callback URL, the integration's enabled flag)", () => {
  const world = consistent();
  world.observed.accounts.alpha.callbackUrl = BEFORE_URL;
  expect(reported(world)).toEqual([4]);
  const other = consistent();
  other.observed.accounts.alpha.elsewhereEnabled = true;
  expect(reported(other)).toEqual([4]);
});

test("5: exit 0 where the state is not what the program says, and a failure that names nothing", () => {
  const world = consistent();
  world.expected.desired!.webhookUrl = "https://hooks.example/seq/1";
  expect(reported(world)).toEqual([5]);
  const failed = consistent();
  failed.observed.exitCode = 255;
  failed.observed.error = "something went wrong";
  expect(reported(failed)).toEqual([5]);
  failed.expected.signalled = true;
  expect(reported(failed)).toEqual([]);
});

test("6: a secret in a log, in the state, or a URL with credentials", () => {
  const inLog = consistent();
  inLog.observed.output += `\nusing key ${KEY}`;
  expect(reported(inLog)).toEqual([6]);
  const inState = consistent();
  inState.observed.stateText = `{"apiKey":"${KEY}"}`;
  expect(reported(inState)).toEqual([6]);
  const withPassword = consistent();
  withPassword.observed.resources[0]!.outputs.serviceUrl = "http://ci:hunter2@127.0.0.1:40001";
  expect(reported(withPassword)).toEqual([6]);
});

test("7: a destroy that leaves an object or does not put back what it took over", () => {
  const world = consistent();
  world.observed.resources = [];
  world.expected.desired = undefined;
  world.expected.destroyed = true;
  world.observed.accounts.alpha = { ...empty(), callbackUrl: BEFORE_URL, elsewhereEnabled: true };
  expect(reported(world)).toEqual([]);
  world.observed.accounts.alpha.callbackUrl = "https://hooks.example/seq/0";
  expect(reported(world)).toEqual([7]);
  world.expected.restores.callbackUrl = false;
  expect(reported(world)).toEqual([]);
  world.observed.accounts.alpha.triggerInstances = ["ti_left"];
  expect(reported(world)).toContain(7);
});
