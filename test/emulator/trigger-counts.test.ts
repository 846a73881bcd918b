import type { RunningEmulator } from "../../src/emulator";
import { call, enabledStarInstance, githubOAuth, start } from "./helpers";

/**
 * GET /api/v1/triggers reads the tenant's current data on every request. Facts encoded (from the
 * contract): a trigger's `count` is the "Number of times the trigger has been activated", an account's
 * (tenant's) own figure that grows when its trigger fires; and `connectedAccountIds` selects the triggers
 * of those accounts' apps, so a new account counts at once.
 */

let emulator: RunningEmulator;
const other = "trigger-counts-other-key";

beforeAll(async () => {
  emulator = await start({ apiKeys: ["trigger-counts-key", other] });
});
afterAll(() => emulator.close());

const countOf = async (apiKey: string, name: string) =>
  (await call(emulator, "GET", "/api/v1/triggers?appNames=github", { apiKey })).body.find(
    (trigger: { name: string }) => trigger.name === name,
  ).count;

it("answers JSON, and a trigger that fires shows its new count at once, for its tenant only", async () => {
  const first = await call(emulator, "GET", "/api/v1/triggers?appNames=github");
  expect(first.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await countOf(emulator.apiKey, "GITHUB_STAR_ADDED_EVENT")).toBe(0);
  expect(await countOf(other, "GITHUB_STAR_ADDED_EVENT")).toBe(0);

  const { accountId, triggerId } = await enabledStarInstance(emulator, githubOAuth("ca"));
  await call(emulator, "POST", `/_emulator/trigger-instances/${triggerId}/fire`);

  expect(await countOf(emulator.apiKey, "GITHUB_STAR_ADDED_EVENT")).toBe(1);
  expect(await countOf(other, "GITHUB_STAR_ADDED_EVENT")).toBe(0);
  // A filter that reads the tenant's accounts sees the new account at once too.
  const byAccount = await call(emulator, "GET", `/api/v1/triggers?connectedAccountIds=${accountId}`);
  expect(byAccount.body.length).toBeGreaterThan(0);
});

it("keeps each filter's answer apart", async () => {
  const github = await call(emulator, "GET", "/api/v1/triggers?appNames=github");
  const slack = await call(emulator, "GET", "/api/v1/triggers?appNames=slack");
  expect(new Set(github.body.map((t: { appName: string }) => t.appName))).toEqual(new Set(["github"]));
  expect(new Set(slack.body.map((t: { appName: string }) => t.appName))).toEqual(new Set(["slack"]));
});
