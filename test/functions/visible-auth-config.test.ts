/**
 * getConnector never hands a program a secret authConfig value, even from a service that sends one: the real
 * service has been seen to answer `client_secret` in clear, which the emulator's `secretValues: "clear"`
 * reproduces.
 */
import { ApiClient } from "../../src/client";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { getConnector } from "../../src/functions";

let emulator: RunningEmulator;
let client: ApiClient;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0, secretValues: "clear" });
  client = new ApiClient({ baseUrl: emulator.url, apiKey: emulator.apiKey, maxRetries: 0 });
});
afterAll(async () => {
  client.close();
  await emulator.close();
});

test("an OAuth connector: client_id and scopes are handed over, the client_secret the service sent is not", async () => {
  const created = await client.createIntegration({
    name: "visible-oauth",
    appName: "github",
    authScheme: "OAUTH2",
    authConfig: { client_id: "cid", client_secret: "sent-back-in-clear", scopes: ["repo"] },
    forceNewIntegration: true,
  });
  expect(created.authConfig.client_secret).toBe("sent-back-in-clear");
  const found = await getConnector({ id: created.id }, { client });
  expect(found.authConfig).toEqual({ client_id: "cid", scopes: ["repo"] });
  expect(found).toMatchObject({ id: created.id, name: "visible-oauth", appName: "github" });
});

test("a token connector: the token is not handed over", async () => {
  const created = await client.createIntegration({
    name: "visible-token",
    appName: "github",
    authScheme: "BEARER_TOKEN",
    authConfig: { token: "token-sent-back-in-clear" },
    forceNewIntegration: true,
  });
  expect(created.authConfig.token).toBe("token-sent-back-in-clear");
  expect((await getConnector({ name: "visible-token" }, { client })).authConfig).toEqual({});
});
