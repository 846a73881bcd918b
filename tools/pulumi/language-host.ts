/**
 * A Node.js language host the `pulumi` CLI connects to with `--client=<address>`, for machines where the
 * real `pulumi-language-nodejs` cannot be built (the Go module proxy refuses its module, at every version
 * tried).
 *
 * It runs each deployment's program exactly as pulumi-language-nodejs v3.259.0 does: a new
 * `node <program's @pulumi/pulumi>/cmd/run` process per Run, with the monitor and engine addresses, the
 * stack's config in PULUMI_CONFIG (keys as `<namespace>:config:<name>`) and its secret keys in
 * PULUMI_CONFIG_SECRET_KEYS, TypeScript compiled by the program's own ts-node when Pulumi.yaml says
 * `typescript` (the default). So `pulumi up`'s preview and its update run the program in two processes,
 * as they do for users. The engine passes a client runtime its own address as the only argument.
 *
 * As the real host does for users, a program's output reaches the CLI's output (each line through the engine's
 * log, which the CLI shows and writes to its event log), and the plugins a program needs are those its
 * dependencies declare (a package whose package.json says `"pulumi": { "resource": true }`, as a generated SDK's
 * does): `pulumi import` and plugin installation ask for them.
 *
 * What it leaves out: the monitor proxy and the `--sync` pipes (the SDK talks to the engine's monitor
 * directly, as it did before they existed), debugger attachment, and Bun.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import { parse as parseYaml } from "yaml";
import * as engineGrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as engineProto from "@pulumi/pulumi/proto/engine_pb";
import * as languageGrpc from "@pulumi/pulumi/proto/language_grpc_pb";
import * as languageProto from "@pulumi/pulumi/proto/language_pb";
import * as pluginProto from "@pulumi/pulumi/proto/plugin_pb";

/** The exit code cmd/run uses after it already showed the user an actionable message (the real host's constant). */
const EXITED_AFTER_USER_MESSAGE = 32;

export interface LanguageHostOptions {
  /** Added to every program's environment. */
  env?: Readonly<Record<string, string>>;
}

export interface LanguageHost {
  /** `127.0.0.1:<port>`, for `--client`. */
  address: string;
  close(): Promise<void>;
}

export async function startLanguageHost(options: LanguageHostOptions = {}): Promise<LanguageHost> {
  const server = new grpc.Server();
  const running = new Set<ReturnType<typeof spawn>>();
  server.addService(languageGrpc.LanguageRuntimeService, {
    getRequiredPlugins: (
      call: grpc.ServerUnaryCall<languageProto.GetRequiredPluginsRequest, unknown>,
      callback: grpc.sendUnaryData<languageProto.GetRequiredPluginsResponse>,
    ) => {
      const info = call.request.getInfo();
      const programDir = info?.getProgramDirectory() || call.request.getPwd();
      const response = new languageProto.GetRequiredPluginsResponse();
      response.setPluginsList(requiredPlugins(programDir));
      callback(null, response);
    },
    getPluginInfo: (_call: unknown, callback: grpc.sendUnaryData<pluginProto.PluginInfo>) => {
      const info = new pluginProto.PluginInfo();
      info.setVersion("3.259.0");
      callback(null, info);
    },
    run: (
      call: grpc.ServerUnaryCall<languageProto.RunRequest, languageProto.RunResponse>,
      callback: grpc.sendUnaryData<languageProto.RunResponse>,
    ) => {
      runProgram(call.request, options, running, call).then(
        (response) => callback(null, response),
        (error: unknown) => callback({ code: grpc.status.INTERNAL, details: String(error) }),
      );
    },
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    address: `127.0.0.1:${port}`,
    close: async () => {
      for (const child of running) child.kill("SIGKILL");
      server.forceShutdown();
    },
  };
}

async function runProgram(
  request: languageProto.RunRequest,
  options: LanguageHostOptions,
  running: Set<ReturnType<typeof spawn>>,
  call: grpc.ServerUnaryCall<languageProto.RunRequest, languageProto.RunResponse>,
): Promise<languageProto.RunResponse> {
  const response = new languageProto.RunResponse();
  const info = request.getInfo();
  const programDir = info?.getProgramDirectory() || request.getPwd();
  const rootDir = info?.getRootDirectory() || programDir;
  const runtime = runtimeOptions(rootDir);
  let runPath: string;
  try {
    runPath = require.resolve("@pulumi/pulumi/cmd/run", { paths: [programDir] });
  } catch {
    response.setError(`It looks like the Pulumi SDK has not been installed. Have you run npm install?`);
    return response;
  }
  const appendIfSet = (args: string[], flag: string, value: string | undefined) =>
    value ? [...args, `--${flag}`, value] : args;
  let args = [runPath];
  args = appendIfSet(args, "monitor", request.getMonitorAddress());
  args = appendIfSet(args, "engine", request.getArgsList()[0]);
  args = appendIfSet(args, "organization", request.getOrganization());
  args = appendIfSet(args, "project", request.getProject());
  args = appendIfSet(args, "root-directory", rootDir);
  args = appendIfSet(args, "stack", request.getStack());
  args = appendIfSet(args, "pwd", programDir);
  if (request.getDryrun()) args.push("--dry-run");
  args = appendIfSet(args, "parallel", String(request.getParallel()));
  args.push(info?.getEntryPoint() || request.getProgram() || ".");

  const config: Record<string, string> = {};
  for (const [key, value] of request.getConfigMap().entries()) {
    const separator = key.indexOf(":");
    config[`${key.slice(0, separator)}:config:${key.slice(separator + 1)}`] = value;
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.env,
    PULUMI_CONFIG: JSON.stringify(config),
    PULUMI_CONFIG_SECRET_KEYS: JSON.stringify(request.getConfigsecretkeysList()),
    ...(runtime.typescript ? { PULUMI_NODEJS_TYPESCRIPT: "true" } : {}),
    ...(runtime.tsconfig ? { PULUMI_NODEJS_TSCONFIG_PATH: runtime.tsconfig } : {}),
  };
  const child = spawn(process.execPath, [...runtime.nodeargs, ...args], {
    cwd: programDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  // The CLI went away (killed, or the deployment was cancelled): the program goes with it, as it does
  // in the real host.
  const killOnCancel = () => child.kill("SIGKILL");
  call.on("cancelled", killOnCancel);
  const engine = engineLogClient(request.getArgsList()[0]);
  const delivered: Promise<void>[] = [];
  for (const stream of ["stdout", "stderr"] as const) {
    let pending = "";
    child[stream].setEncoding("utf8");
    child[stream].on("data", (chunk: string) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) delivered.push(engine.info(line));
    });
    child[stream].on("end", () => {
      if (pending) delivered.push(engine.info(pending));
    });
  }
  const code = await new Promise<number | null>((resolve) => child.on("close", (exit) => resolve(exit)));
  await Promise.all(delivered);
  engine.close();
  running.delete(child);
  call.off("cancelled", killOnCancel);
  if (code === EXITED_AFTER_USER_MESSAGE) response.setBail(true);
  else if (code !== 0) response.setError(`Program exited with non-zero exit code: ${code ?? "killed"}`);
  return response;
}

interface RuntimeOptions {
  typescript: boolean;
  tsconfig?: string;
  nodeargs: string[];
}

/** Pulumi.yaml's `runtime.options`, which a client runtime is not given (the engine sends only its address). */
function runtimeOptions(rootDir: string): RuntimeOptions {
  const project = parseYaml(readFileSync(join(rootDir, "Pulumi.yaml"), "utf8")) as {
    runtime?: string | { options?: { typescript?: boolean; tsconfig?: string; nodeargs?: string } };
  };
  const declared = typeof project.runtime === "object" ? (project.runtime.options ?? {}) : {};
  return {
    typescript: declared.typescript ?? true,
    tsconfig: declared.tsconfig,
    nodeargs: declared.nodeargs ? declared.nodeargs.split(/\s+/).filter(Boolean) : [],
  };
}

/**
 * The engine's log at its address, as a program's output reaches the CLI: each line an info message, in the
 * order printed. A line that cannot be delivered is dropped (the engine may be gone).
 */
function engineLogClient(address: string | undefined): { info(line: string): Promise<void>; close(): void } {
  if (!address) return { info: async () => undefined, close: () => undefined };
  const client = new engineGrpc.EngineClient(address, grpc.credentials.createInsecure());
  let previous = Promise.resolve();
  return {
    info: (line) => {
      previous = previous.then(
        () =>
          new Promise<void>((resolve) => {
            const message = new engineProto.LogRequest()
              .setSeverity(engineProto.LogSeverity.INFO)
              .setMessage(line);
            client.log(message, () => resolve());
          }),
      );
      return previous;
    },
    close: () => client.close(),
  };
}

interface PulumiPackageField {
  resource?: boolean;
  name?: string;
  version?: string;
  server?: string;
}

/**
 * The resource plugins a Node.js program needs, found as the real host finds them: every package installed in
 * the program's node_modules (scoped ones and nested node_modules included) whose package.json declares
 * `"pulumi": { "resource": true, ... }`, with the name and version that field gives, else the package's
 * (`@pulumi/aws` is the plugin `aws`).
 */
function requiredPlugins(programDir: string): pluginProto.PluginDependency[] {
  const found = new Map<string, pluginProto.PluginDependency>();
  const visitModules = (modulesDir: string) => {
    for (const entry of readdirSafe(modulesDir)) {
      if (entry.startsWith(".")) continue;
      const path = join(modulesDir, entry);
      if (entry.startsWith("@")) readdirSafe(path).forEach((scoped) => visitPackage(join(path, scoped)));
      else visitPackage(path);
    }
  };
  const visitPackage = (packageDir: string) => {
    const manifestPath = join(packageDir, "package.json");
    if (!existsSync(manifestPath)) return;
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as {
      name?: string;
      version?: string;
      pulumi?: PulumiPackageField;
    };
    if (manifest.pulumi?.resource === true) {
      const name = manifest.pulumi.name ?? (manifest.name ?? "").replace(/^@pulumi\//, "");
      const version = manifest.pulumi.version ?? manifest.version ?? "";
      const dependency = new pluginProto.PluginDependency()
        .setName(name)
        .setKind("resource")
        .setVersion(version);
      if (manifest.pulumi.server) dependency.setServer(manifest.pulumi.server);
      found.set(`${name}@${version}`, dependency);
    }
    visitModules(join(packageDir, "node_modules"));
  };
  visitModules(join(programDir, "node_modules"));
  return [...found.values()];
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
