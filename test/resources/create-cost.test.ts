/**
 * What a create costs in an account that already holds many connectors of its app: the service needs one POST
 * (and a PATCH where `enabled: false` must be set after it), so nothing more may be sent because the account
 * holds more, with a fixed name or autonamed. Counted by the emulator's request log, through the handlers over
 * real HTTP; the account is filled from the emulator's fixtures (the service's listing filters by app only:
 * `appName`, `showDisabled`, `page`, `pageSize`, so any look-up by name pages through the app's connectors).
 */
import { startTestBed, type ProviderTestBed } from "./support";

const KEY = "sk-create-cost-key";

describe.each([0, 1_000, 5_000])(
  "a connector create in an account holding %i connectors of its app",
  (held) => {
    let bed: ProviderTestBed;
    let counter = 0;

    beforeAll(async () => {
      const integrations = Array.from({ length: held }, (_, index) => ({
        name: `held-${index}`,
        appName: "github",
        authScheme: "BEARER_TOKEN",
      }));
      bed = await startTestBed({}, { apiKeys: [KEY], fixtures: { tenants: { [KEY]: { integrations } } } });
      // What a provider process sends once, whatever it then creates (the account the key reaches, an answer
      // dated by the service's clock): spent by a first create, before the creates counted below.
      const warmUp = await bed.connector.check(
        {},
        { name: "warm-up", appName: "github", authScheme: "BEARER_TOKEN" },
      );
      await bed.connector.create(warmUp.inputs);
    }, 60_000);

    afterAll(async () => {
      await bed?.close();
    });

    async function createCost(overrides: Record<string, unknown>): Promise<string[]> {
      bed.emulator.requestLog.clear();
      const { inputs, failures } = await bed.connector.check(
        {},
        { appName: "github", authScheme: "BEARER_TOKEN", ...overrides },
      );
      expect(failures).toEqual([]);
      await bed.connector.create(inputs);
      return bed.emulator.requestLog.entries().map((entry) => `${entry.method} ${entry.route}`);
    }

    test("with a name: one POST", async () => {
      expect(await createCost({ name: `named-${++counter}` })).toEqual(["POST /api/v1/integrations"]);
    });

    test("with a name and enabled: false: the POST and one PATCH", async () => {
      expect(await createCost({ name: `named-${++counter}`, enabled: false })).toEqual([
        "POST /api/v1/integrations",
        "PATCH /api/v1/integrations/:integrationId",
      ]);
    });

    test("autonamed: one POST", async () => {
      expect(await createCost({ namePrefix: `auto-${++counter}-` })).toEqual(["POST /api/v1/integrations"]);
    });
  },
);
