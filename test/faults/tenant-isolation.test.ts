/**
 * Tenant isolation through the provider: a stack holding API key A can neither read, update, delete nor
 * take over a connector of key B, even when it is handed B's connector id (in its program or in its
 * state). A takeover by id ends in a clear not-found; a connector in state, which records the account it
 * lives in, is refused before any request about it, naming both accounts (so a refresh never drops it from
 * state as if it were gone); B's connector stays exactly as it was.
 *
 * On the real CLI a `pulumi refresh` does not run the program: the engine configures the provider with the
 * config stored in the state of the stack's default provider at the last `up` (README, "Configuration"),
 * which is B's key in a copy of B's state. So the refresh with key A runs the program (`--run-program`) to
 * configure the provider from the stack's config, as an `up` and the following `destroy` do.
 */
import { randomBytes } from "node:crypto";
import { copyFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ApiClient, type ConnectorRecord } from "../../src/client";
import { generateApiKey, startEmulator, type RunningEmulator } from "../../src/emulator";
import { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { pinnedCli } from "../support/pulumi-cli";
import {
  CONNECTOR_TYPE,
  connectorsInState,
  connectorsStack,
  stageFaultsProgram,
} from "./support/connectors-stack";
import { secretLeaks, type Secrets } from "./support/secret-scan";

const TENANT_A = 0;

describe("tenant isolation through the provider", () => {
  const keyA = generateApiKey();
  const keyB = generateApiKey();
  const clientSecret = `fault-secret-${randomBytes(12).toString("hex")}`;
  const secrets: Secrets = { keyA, keyB, clientSecret };
  let emulator: RunningEmulator;
  let clientB: ApiClient;
  let connectorsDir: string;
  let refreshWorkDir: string;
  const stacks: PulumiStack[] = [];
  let ownedByB: ConnectorRecord;
  const results: Record<string, OperationResult> = {};

  const recordOfB = () => clientB.getIntegration(ownedByB.id);
  /** What the provider says before any request about B's connector when the key reaches A's account. */
  const refusal = () =>
    `Connector ${ownedByB.id} lives in account "${emulator.accountIdOf(keyB)}" (${emulator.url}), but the ` +
    `provider's API key now reaches account "${emulator.accountIdOf(keyA)}" (${emulator.url}). Nothing was ` +
    "read, changed or deleted";
  const requestsOfAFor = (id: string) =>
    emulator.requestLog.entries().filter((entry) => entry.tenant === TENANT_A && entry.url.includes(id));

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, apiKeys: [keyA, keyB] });
    clientB = new ApiClient({ baseUrl: emulator.url, apiKey: keyB });
    connectorsDir = await stageFaultsProgram("connectors", "faults-tenants-connectors");
    const stackOfB = await connectorsStack(connectorsDir, {
      baseUrl: emulator.url,
      apiKey: keyB,
      count: 1,
      namePrefix: "tenant-b",
      clientSecret,
    });
    stacks.push(stackOfB);
    results.upOfB = await stackOfB.up({ skipPreview: true });
    const [connector] = (await stackOfB.resources()).filter((resource) => resource.type === CONNECTOR_TYPE);
    ownedByB = await clientB.getIntegration(connector?.id ?? "");
    // A copy of B's backend and config file (its passphrase salt), to be refreshed with key A later (the
    // original is updated and destroyed).
    refreshWorkDir = mkdtempSync(join(tmpdir(), "faults-tenants-state-"));
    cpSync(join(stackOfB.workDir, "state"), join(refreshWorkDir, "state"), { recursive: true });
    copyFileSync(stackOfB.configFile, join(refreshWorkDir, "Pulumi.dev.yaml"));
  }, 120_000);

  afterAll(async () => {
    for (const stack of stacks) await stack.dispose();
    if (refreshWorkDir) rmSync(refreshWorkDir, { recursive: true, force: true });
    clientB?.close();
    await emulator?.close();
  });

  it("set up B's connector through a stack of B", () => {
    expect(results.upOfB?.error).toBeUndefined();
    expect(ownedByB.name).toBe("tenant-b-0");
  });

  it("A cannot take over B's connector with an IntegrationState", async () => {
    const dir = await stageFaultsProgram("integration-state", "faults-tenants-integration-state");
    const stack = await PulumiStack.create({
      cli: pinnedCli(),
      programDir: dir,
      config: {
        "integrations:baseUrl": emulator.url,
        integrationId: ownedByB.id,
        enabled: "false",
      },
      secrets: { "integrations:apiKey": keyA, clientSecret },
    });
    stacks.push(stack);
    results.takeOver = await stack.up({ skipPreview: true });
    expect(results.takeOver.error).toContain(`Integration "${ownedByB.id}" cannot be managed`);
    expect(results.takeOver.error).toMatch(/not found/i);
    expect(await stack.resources()).not.toContainEqual(expect.objectContaining({ id: ownedByB.id }));
    expect(await recordOfB()).toEqual(ownedByB);
  }, 60_000);

  it("A cannot update B's connector, even with B's id in its state", async () => {
    const stack = stacks[0] as PulumiStack;
    await stack.setConfig("integrations:apiKey", keyA, { secret: true });
    await stack.setConfig("disabledEvery", "1");
    results.updateAsA = await stack.up({ skipPreview: true });
    expect(results.updateAsA.error).toContain(refusal());
    expect(await connectorsInState(stack)).toEqual([expect.objectContaining({ id: ownedByB.id })]);
    expect(await recordOfB()).toEqual(ownedByB);
  }, 60_000);

  it("A cannot read B's connector: a refresh with key A fails naming both accounts, and the state keeps it", async () => {
    const stack = await connectorsStack(connectorsDir, {
      baseUrl: emulator.url,
      apiKey: keyA,
      count: 1,
      namePrefix: "tenant-b",
      clientSecret,
      existing: { workDir: refreshWorkDir, configFile: join(refreshWorkDir, "Pulumi.dev.yaml") },
    });
    stacks.push(stack);
    expect(await connectorsInState(stack)).toEqual([expect.objectContaining({ id: ownedByB.id })]);
    results.refreshAsA = await stack.command("refresh", ["--yes", "--run-program"]);
    // The connector's refresh step fails before it reads anything, and the connector stays in state: a key of
    // another account is not a deleted connector.
    expect(results.refreshAsA.error).toContain(refusal());
    expect(results.refreshAsA.steps).toContainEqual(
      expect.objectContaining({ op: "refresh", type: CONNECTOR_TYPE }),
    );
    expect(await connectorsInState(stack)).toEqual([expect.objectContaining({ id: ownedByB.id })]);
    expect(await recordOfB()).toEqual(ownedByB);
  }, 60_000);

  it("A cannot delete B's connector: destroy with key A fails naming both accounts and leaves it in place", async () => {
    const stack = stacks[0] as PulumiStack;
    results.destroyAsA = await stack.destroy();
    expect(results.destroyAsA.error).toContain(refusal());
    expect(await connectorsInState(stack)).toEqual([expect.objectContaining({ id: ownedByB.id })]);
    expect(await recordOfB()).toEqual(ownedByB);
  }, 60_000);

  it("answered every request of A on B's connector with 404, and A never sent a write for it", () => {
    const requests = requestsOfAFor(ownedByB.id);
    // The takeover's read by id; the update, refresh and destroy were refused before any request about it.
    expect(new Set(requests.map((entry) => entry.method))).toEqual(new Set(["GET"]));
    expect(requests.filter((entry) => entry.statusCode !== 404)).toEqual([]);
  });

  it("leaks no key and no client secret", async () => {
    const leaks: string[] = [];
    for (const stack of stacks) leaks.push(...(await secretLeaks(stack, results, secrets)));
    expect(leaks).toEqual([]);
  });
});
