/**
 * The handlers behind Pulumi's real dynamic-provider host, called over gRPC as the engine calls it, with the
 * serialized shim as `__provider`: what the engine receives on success, on a partial create, and on failure.
 * Needs `npm run build` (the shim loads the packed package).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { createInterface } from "node:readline";
import * as grpc from "@grpc/grpc-js";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { Status } from "@pulumi/pulumi/proto/status_pb";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { connectorProvider } from "../../src/dynamic/shims";
import { stageFolder } from "../support/packed-package";
import { GITHUB_AUTH } from "./support";

const { serializeFunction } = require("@pulumi/pulumi/runtime/closure/serializeClosure");

const URN = "urn:pulumi:stack::project::pulumi-nodejs:dynamic/integrations:Connector::main";
const SECRET_SIG = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" };

let emulator: RunningEmulator;
let programDir: string;
let host: ChildProcess;
let stderr = "";
let client: ResourceProviderClient;
let providerText: string;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  providerText = (await serializeFunction(() => connectorProvider, { allowSecrets: true })).text;
  // A folder of this run's stage, where the package resolves to this run's packed copy (never this
  // checkout's dist/, which another run may be rebuilding).
  programDir = await stageFolder("host");
  host = spawn(process.execPath, [require.resolve("@pulumi/pulumi/cmd/dynamic-provider"), "127.0.0.1:1"], {
    cwd: programDir,
    env: { ...process.env, PULUMI_NODEJS_PROJECT: "project", PULUMI_NODEJS_STACK: "stack" },
  });
  host.stderr!.on("data", (chunk) => (stderr += chunk));
  // The host prints its port on the first line of stdout.
  const port = await new Promise<string>((resolve) =>
    createInterface({ input: host.stdout! }).once("line", resolve),
  );
  client = new ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  const configure = new proto.ConfigureRequest();
  configure.setArgs(
    Struct.fromJavaScript({
      "integrations:apiKey": { ...SECRET_SIG, value: emulator.apiKey },
      "integrations:baseUrl": emulator.url,
      "integrations:maxRetries": "0",
    }),
  );
  await call<proto.ConfigureResponse>("configure", configure);
}, 30_000);

afterAll(async () => {
  client?.close();
  host?.kill();
  rmSync(programDir, { recursive: true, force: true });
  await emulator.close();
});

function call<T>(method: string, request: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const stub = client as unknown as Record<string, (r: unknown, cb: (e: unknown, v: T) => void) => void>;
    stub[method].call(client, request, (error, value) => (error ? reject(error) : resolve(value)));
  });
}

function properties(values: Record<string, unknown>) {
  return Struct.fromJavaScript({ ...values, __provider: providerText } as never);
}

function createRequest(inputs: Record<string, unknown>) {
  const request = new proto.CreateRequest();
  request.setUrn(URN);
  request.setProperties(properties(inputs));
  return request;
}

const checkedInputs = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  appName: "github",
  authConfig: GITHUB_AUTH,
  enabled: true,
  useServiceAuth: false,
  forceNewIntegration: true,
  deletionPolicy: "delete",
  ...extra,
});

test("check answers CheckFailures, not an error", async () => {
  const request = new proto.CheckRequest();
  request.setUrn(URN);
  request.setOlds(Struct.fromJavaScript({}));
  request.setNews(properties({ appName: "github", deletionPolicy: "nope" }));
  const response = await call<proto.CheckResponse>("check", request);
  const failures = response.getFailuresList().map((f) => [f.getProperty(), f.getReason()]);
  expect(failures).toEqual([
    ["deletionPolicy", 'must be one of "delete", "disable", "retain"'],
    ["name", 'is required unless namePrefix is given (e.g. name: "github-main")'],
  ]);
});

test("create returns the id and outputs (no undefined reaches the protobuf Struct)", async () => {
  const response = await call<proto.CreateResponse>("create", createRequest(checkedInputs("host-ok")));
  expect(response.getId()).toMatch(/\S/);
  const outs = response.getProperties()!.toJavaScript();
  expect(outs).toMatchObject({
    name: "host-ok",
    enabled: true,
    authConfig: GITHUB_AUTH,
    __provider: providerText,
  });
});

test("a partial create reaches the engine as ErrorResourceInitFailed with the id", async () => {
  emulator.setFaults({ errorRate: 1, match: ["PATCH /api/v1/integrations/:integrationId"] });
  const error = (await call("create", createRequest(checkedInputs("host-partial", { enabled: false }))).catch(
    (e) => e,
  )) as grpc.ServiceError;
  emulator.clearFaults();
  expect(error.details).toMatch(
    /^Connector "host-partial" was created \(id \S+\) but setting it up failed: PATCH /,
  );
  const status = Status.deserializeBinary(error.metadata.get("grpc-status-details-bin")[0] as Uint8Array);
  const initFailed = status
    .getDetailsList()[0]
    .unpack(proto.ErrorResourceInitFailed.deserializeBinary, "pulumirpc.ErrorResourceInitFailed")!;
  expect(initFailed.getId()).toMatch(/\S/);
  expect(initFailed.getProperties()!.toJavaScript()).toMatchObject({ name: "host-partial", enabled: true });
  expect(
    (await emulator.requestLog.entries()).some((e) => e.url === `/api/v1/integrations/${initFailed.getId()}`),
  ).toBe(true);
});

test("a failed delete is one readable line: no stack trace on the wire or on stderr", async () => {
  const created = await call<proto.CreateResponse>("create", createRequest(checkedInputs("host-delete")));
  emulator.setFaults({ errorRate: 1, match: ["DELETE /api/v1/integrations/:integrationId"] });
  const request = new proto.DeleteRequest();
  request.setId(created.getId());
  request.setUrn(URN);
  request.setProperties(created.getProperties()!);
  stderr = "";
  const error = (await call("delete", request).catch((e) => e)) as grpc.ServiceError;
  emulator.clearFaults();
  expect(error.details).toMatch(
    new RegExp(
      `^DELETE /api/v1/integrations/${created.getId()} -> 503 Service Unavailable: .*\\(requestId \\S+\\)$`,
    ),
  );
  expect(stderr).toContain(error.details);
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr).not.toContain(emulator.apiKey);
  expect(stderr).not.toContain(GITHUB_AUTH.client_secret);
});

test("read of a connector that is gone from the account and service it was made in answers an empty id", async () => {
  const request = new proto.ReadRequest();
  request.setId("no-such-connector");
  request.setUrn(URN);
  const where = { serviceUrl: emulator.url, accountId: emulator.accountIdOf(emulator.apiKey) };
  request.setProperties(properties({ ...checkedInputs("gone"), ...where }));
  const response = await call<proto.ReadResponse>("read", request);
  expect(response.getId()).toBe("");
});

test("read of a connector whose state does not say where it lives fails, never reading a 404 as gone", async () => {
  const request = new proto.ReadRequest();
  request.setId("no-such-connector");
  request.setUrn(URN);
  request.setProperties(properties(checkedInputs("gone")));
  await expect(call<proto.ReadResponse>("read", request)).rejects.toThrow("`pulumi state delete <its URN>`");
});
