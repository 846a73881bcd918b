/**
 * The secretValues option: how reads show a connector's secret authConfig values. "omitted" is the
 * contract's rule (a secret value is omitted on every read); "clear" is how the real service has been seen
 * to answer `client_secret`; "masked" ("****") is a variant guarded against, with no real body on record.
 * Each mode applies to the create answer and to every read, visible keys unchanged.
 */
import type { SecretValueMode } from "../../src/emulator";
import { call, start } from "./helpers";

const sent = { client_id: "cid", client_secret: "the-secret", scopes: ["repo"] };
const shownAs: Record<SecretValueMode, Record<string, unknown>> = {
  omitted: { client_id: "cid", scopes: ["repo"] },
  clear: sent,
  masked: { ...sent, client_secret: "****" },
};

describe.each(Object.keys(shownAs) as SecretValueMode[])("secretValues: %s", (mode) => {
  it("shows the secret value so on create and on a read", async () => {
    const emulator = await start({ secretValues: mode });
    try {
      const created = await call(emulator, "POST", "/api/v1/integrations", {
        body: { name: "n", appName: "github", authScheme: "OAUTH2", authConfig: sent },
      });
      expect(created.body.authConfig).toEqual(shownAs[mode]);
      const read = await call(emulator, "GET", `/api/v1/integrations/${String(created.body.id)}`);
      expect(read.body.authConfig).toEqual(shownAs[mode]);
    } finally {
      await emulator.close();
    }
  });
});

it("is omitted by default", async () => {
  const emulator = await start();
  try {
    const created = await call(emulator, "POST", "/api/v1/integrations", {
      body: { name: "n", appName: "github", authScheme: "OAUTH2", authConfig: sent },
    });
    expect(created.body.authConfig).toEqual(shownAs.omitted);
  } finally {
    await emulator.close();
  }
});
