/**
 * The project's stand-in for pulumi-language-nodejs (tools/pulumi/language-host.ts) does what the real host does
 * for users: a program's output reaches the CLI's output and event log, and the plugins a program needs are
 * those its dependencies declare (the plugin's Node.js SDK: `"pulumi": { "resource": true, "name":
 * "integrations" }` in its package.json).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as languageGrpc from "@pulumi/pulumi/proto/language_grpc_pb";
import * as languageProto from "@pulumi/pulumi/proto/language_pb";
import { startLanguageHost, type LanguageHost } from "../../tools/pulumi/language-host";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { pluginStack, stageSdkProgram } from "./support/quickstart-stack";

const ROOT = join(__dirname, "..", "..");
const VERSION = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;

let programDir: string;
let host: LanguageHost;
let stack: PulumiStack;
let preview: OperationResult;

beforeAll(async () => {
  programDir = await stageSdkProgram(join(__dirname, "sdk-programs", "prints"), "prints");
  host = await startLanguageHost();
  stack = await pluginStack(programDir, {});
  preview = await stack.preview();
}, 180_000);

afterAll(async () => {
  await stack?.dispose();
  await host?.close();
});

it("reports the plugin the program's SDK declares", async () => {
  const client = new languageGrpc.LanguageRuntimeClient(host.address, grpc.credentials.createInsecure());
  const request = new languageProto.GetRequiredPluginsRequest().setInfo(
    new languageProto.ProgramInfo().setProgramDirectory(programDir).setRootDirectory(programDir),
  );
  const response = await new Promise<languageProto.GetRequiredPluginsResponse>((resolve, reject) =>
    client.getRequiredPlugins(request, (error, answer) => (error ? reject(error) : resolve(answer))),
  );
  client.close();
  expect(response.getPluginsList().map((plugin) => plugin.toObject())).toEqual([
    expect.objectContaining({ name: "integrations", kind: "resource", version: VERSION }),
  ]);
});

it("hands what the program prints to the engine, which shows it in the CLI's output and its event log", () => {
  expect(preview.error).toBeUndefined();
  for (const line of ["prints: a line on stdout", "prints: a line on stderr"]) {
    expect(preview.output).toContain(line);
    expect(preview.log).toContainEqual(expect.objectContaining({ severity: "info", message: line }));
  }
});
