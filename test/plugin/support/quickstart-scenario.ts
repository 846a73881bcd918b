/**
 * The quickstart's scenario, the same for each language's driver: up, a no-op up, a refresh after a drift
 * made on the emulator, `pulumi import` of a connector made outside the stack and an up that declares it,
 * then destroy. One stack per language; the commands run once in beforeAll and each test reads its step.
 */
import type { ConnectorRecord } from "../../../src/client";
import { secretSig, specialSigKey } from "../../../tools/pulumi/state";
import { distinctiveSecret, startE2eApi, type E2eApi } from "../../e2e/support/e2e-api";
import { liveConnectorIds } from "../../support/live-connectors";
import type { DriverRun, DriverStep, QuickstartAccount } from "./quickstart-driver";

/** Runs the quickstart's commands: a language's driver (./quickstart-driver.ts) or a stack of the CLI. */
export interface QuickstartRunner {
  /** `[--config KEY=VALUE]... <command> [args]`, with secret config given by value. */
  run(args: string[], secrets?: Record<string, string>): Promise<DriverRun>;
  /** `pulumi stack export` (secrets encrypted). */
  exportedState(): Promise<string>;
  dispose?(): Promise<void>;
}

const CONNECTOR = "integrations:index:Connector";
const INTEGRATION_STATE = "integrations:index:IntegrationState";

interface ExportedResource {
  urn: string;
  type: string;
  id?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

function resourcesOf(exported: string): ExportedResource[] {
  return (
    (JSON.parse(exported) as { deployment: { resources?: ExportedResource[] } }).deployment.resources ?? []
  );
}

export interface QuickstartOptions {
  /** After the no-op up, `preview --expect-no-changes` too (the runner must know the command). */
  noChangePreview?: boolean;
  /**
   * The connector's authConfig values the program gives plain, as the provider records them (default: the client
   * id from plain config and the scopes, beside the client secret from secret config).
   */
  givenPlain?: string[];
}

/**
 * `project` is the program's Pulumi project (its stack resource is `<project>-dev`); `runner` makes the
 * runner of the stack for the account (building what it needs first).
 */
export function describeQuickstart(
  language: string,
  project: string,
  runner: (account: QuickstartAccount) => Promise<QuickstartRunner>,
  options: QuickstartOptions = {},
): void {
  describe(`the ${language} quickstart on the provider plugin`, () => {
    const clientSecret = distinctiveSecret("quickstart-client-secret");
    let api: E2eApi;
    let driver: QuickstartRunner;
    const runs: Record<string, DriverRun> = {};
    const remote: Record<string, ConnectorRecord> = {};
    let shared: ConnectorRecord;
    let outside: ConnectorRecord;
    let stateAfterUp: string;
    let linearIds: string[];
    let importedState: ExportedResource | undefined;

    function succeeded(run: DriverRun): DriverRun {
      if (run.error !== undefined) throw new Error(`${run.command} failed: ${run.error}\n${run.log}`);
      return run;
    }

    beforeAll(async () => {
      api = await startE2eApi();
      // Made by another team: the stack takes over only its enabled flag and hands it back disabled.
      shared = await api.client.createIntegration({
        name: "slack-shared",
        appName: "slack",
        authScheme: "OAUTH2",
        authConfig: { client_id: "shared-slack", client_secret: distinctiveSecret("slack-secret") },
        forceNewIntegration: true,
      });
      await api.client.updateIntegration(shared.id, { enabled: false });
      driver = await runner({ baseUrl: api.emulator.url, apiKey: api.apiKey });
      const started = performance.now();

      runs.up = succeeded(
        await driver.run(
          [
            "--config",
            "githubClientId=quickstart-client-id",
            "--config",
            `sharedSlackIntegrationId=${shared.id}`,
            "up",
          ],
          { githubClientSecret: clientSecret },
        ),
      );
      remote.github = await api.client.getIntegration(String(runs.up.outputs?.githubConnectorId));
      linearIds = await liveConnectorIds(api.client, "linear-dev");
      stateAfterUp = await driver.exportedState();
      runs.again = succeeded(await driver.run(["up"]));
      if (options.noChangePreview)
        runs.preview = succeeded(await driver.run(["preview", "--expect-no-changes"]));

      await api.client.updateIntegration(remote.github.id, { enabled: false });
      runs.refresh = succeeded(await driver.run(["refresh"]));

      outside = await api.client.createIntegration({
        name: "linear-made-outside",
        appName: "linear",
        authScheme: "API_KEY",
        forceNewIntegration: true,
      });
      runs.import = succeeded(await driver.run(["import", CONNECTOR, "existing", outside.id]));
      importedState = resourcesOf(await driver.exportedState()).find((resource) =>
        resource.urn.endsWith("::existing"),
      );
      runs.declared = succeeded(
        await driver.run(["--config", `existingConnectorName=${outside.name}`, "up"]),
      );

      runs.destroy = succeeded(await driver.run(["destroy"]));
      remote.githubAfter = await api.client.getIntegration(remote.github.id);
      remote.sharedAfter = await api.client.getIntegration(shared.id);
      remote.outsideAfter = await api.client.getIntegration(outside.id);
      const seconds = (performance.now() - started) / 1000;
      const each = Object.entries(runs).map(
        ([name, run]) => `${name} ${(run.durationMs / 1000).toFixed(1)} s`,
      );
      console.log(`${language} quickstart: ${seconds.toFixed(1)} s for ${each.join(", ")}`);
    }, 600_000);

    afterAll(async () => {
      await driver?.dispose?.();
      await api?.close();
    });

    const byName = (run: DriverRun, name: string): DriverStep[] =>
      run.steps.filter((step) => step.name === name);
    const opsOf = (run: DriverRun) =>
      Object.fromEntries(run.steps.map((step) => [step.name, step.op] as const).sort());

    it("creates both connectors and takes over the shared integration's state, in the stack config's account", async () => {
      expect(opsOf(runs.up)).toEqual({
        [`${project}-dev`]: "create",
        github: "create",
        linear: "create",
        "shared-slack": "create",
      });
      expect(runs.up.steps.find((step) => step.name === "github")?.type).toBe(CONNECTOR);
      expect(runs.up.steps.find((step) => step.name === "shared-slack")?.type).toBe(INTEGRATION_STATE);
      expect(remote.github).toMatchObject({ name: "github-dev", appName: "github", enabled: true });
      expect(remote.github.authConfig).toMatchObject({ client_id: "quickstart-client-id" });
      expect(linearIds).toHaveLength(1);
      expect(runs.up.outputs).toMatchObject({
        githubEnabled: true,
        sharedSlackEnabled: true,
        // The real service's model: an API-key connector made without a key expects it of each account.
        linearExpectedInputs: ["api_key"],
      });
      expect(runs.up.outputs?.githubTriggerNames).toContain("GITHUB_STAR_ADDED_EVENT");
    });

    it("keeps the connector's authConfig a secret in `pulumi stack export`, the client secret nowhere in clear", () => {
      const github = resourcesOf(stateAfterUp).find((resource) => resource.urn.endsWith("::github"));
      expect(github?.outputs?.authConfig).toEqual({
        [specialSigKey]: secretSig,
        ciphertext: expect.any(String),
      });
      // The SDK sends authConfig as the program gave it (its client id from plain config, its secret from
      // secret config); the provider makes it secret whole and records, by name, the values that came plain.
      expect(github?.inputs?.authConfig).toEqual({
        [specialSigKey]: secretSig,
        ciphertext: expect.any(String),
      });
      const givenPlain = options.givenPlain ?? ["authConfig.client_id", "authConfig.scopes"];
      expect(github?.inputs?.secretsGivenPlain).toEqual(givenPlain.length > 0 ? givenPlain : undefined);
      // The account came through the stack config: the default provider holds it, the key encrypted.
      const provider = resourcesOf(stateAfterUp).find(
        (resource) => resource.type === "pulumi:providers:integrations",
      );
      expect(provider?.inputs).toMatchObject({
        apiKey: { [specialSigKey]: secretSig, ciphertext: expect.any(String) },
        baseUrl: api.emulator.url,
      });
      for (const text of [stateAfterUp, ...Object.values(runs).map((run) => JSON.stringify(run))]) {
        expect(text).not.toContain(clientSecret);
        expect(text).not.toContain(api.apiKey);
      }
    });

    it("changes nothing on a second up", () => {
      expect(runs.again.steps.filter((step) => step.op !== "same")).toEqual([]);
      expect(runs.again.steps.length).toBeGreaterThanOrEqual(4);
    });

    if (options.noChangePreview)
      it("previews no changes after that up (`pulumi preview --expect-no-changes` succeeds)", () => {
        expect(runs.preview.steps.filter((step) => step.op !== "same")).toEqual([]);
        expect(runs.preview.steps.length).toBeGreaterThanOrEqual(4);
        expect(runs.preview.error).toBeUndefined();
      });

    it("shows a connector disabled behind the stack's back as drift of enabled on refresh", () => {
      const [refresh] = byName(runs.refresh, "github");
      expect(refresh).toMatchObject({ op: "refresh", result: "update" });
      expect(refresh?.diffs).toContain("enabled");
      expect(byName(runs.refresh, "linear")[0]).toMatchObject({ op: "refresh", result: "same" });
    });

    it("imports a connector made outside the stack, and an up that declares it changes nothing", () => {
      expect(runs.import.changes).toEqual({ import: 1, same: 4 });
      expect(importedState).toMatchObject({ type: CONNECTOR, id: outside.id });
      expect(runs.declared.outputs?.existingConnectorId).toBe(outside.id);
      // The drifted github connector is set back to enabled; the imported one is the same.
      expect(byName(runs.declared, "existing").map((step) => step.op)).toEqual(["same"]);
      expect(runs.declared.steps.filter((step) => step.op !== "same").map((step) => step.name)).toEqual([
        "github",
      ]);
    });

    it("destroys what the stack made or imported, and hands the shared integration back as it found it", async () => {
      expect(remote.githubAfter?.deleted).toBe(true);
      expect(remote.outsideAfter?.deleted).toBe(true);
      expect(remote.sharedAfter?.enabled).toBe(false);
      expect(await liveConnectorIds(api.client, "linear-dev")).toEqual([]);
      expect(runs.destroy.steps.filter((step) => step.op !== "delete")).toEqual([]);
    });
  });
}
