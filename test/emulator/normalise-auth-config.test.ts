/** The normaliseAuthConfig option: authConfig stored as real servers store it. */
import type { RunningEmulator } from "../../src/emulator";
import { SERVER_DEFAULT_KEY, SERVER_DEFAULT_VALUE } from "../../src/emulator/auth-config-normalisation";
import { call, start } from "./helpers";

const sent = { client_id: "  cid  ", client_secret: "s", scopes: ["repo", "admin:org"] };

async function createAndRead(emulator: RunningEmulator) {
  const created = await call(emulator, "POST", "/api/v1/integrations", {
    body: { name: "n", appName: "github", authScheme: "OAUTH2", authConfig: sent },
  });
  return created.body;
}

describe("normaliseAuthConfig", () => {
  it("adds a default key, trims strings and sorts lists, on create and on PATCH", async () => {
    const emulator = await start({ normaliseAuthConfig: true });
    try {
      const created = await createAndRead(emulator);
      const expected = {
        [SERVER_DEFAULT_KEY]: SERVER_DEFAULT_VALUE,
        client_id: "cid",
        scopes: ["admin:org", "repo"],
      };
      expect(created.authConfig).toEqual(expected);
      await call(emulator, "PATCH", `/api/v1/integrations/${created.id}`, {
        body: { authConfig: { ...sent, scopes: ["z", " a "] } },
      });
      const read = await call(emulator, "GET", `/api/v1/integrations/${created.id}`);
      expect(read.body.authConfig).toEqual({ ...expected, scopes: ["a", "z"] });
    } finally {
      await emulator.close();
    }
  });

  it("is off by default: authConfig is stored as sent", async () => {
    const emulator = await start();
    try {
      const { client_secret: _secret, ...visible } = sent;
      expect((await createAndRead(emulator)).authConfig).toEqual(visible);
    } finally {
      await emulator.close();
    }
  });
});
