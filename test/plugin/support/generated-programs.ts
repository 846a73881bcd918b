/**
 * Checks of programs the generators wrote (tools/pulumi/programgen) against the project's SDKs: TypeScript with
 * tsc against the built sdk/nodejs, Python with py_compile and pyright against sdk/python and the pinned
 * `pulumi`, Go with go build and go vet against sdk/go through a `replace`. Each copies the program into a
 * folder of its own under `dir`, and throws with the tool's output when the program does not pass.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { ensurePythonEnv } from "../../../tools/python/venv";
import { installNodeSdk } from "../../../tools/sdk/nodejs";

const REPO = resolve(__dirname, "..", "..", "..");
const GO_FLAGS = ["-tags", "osusergo,grpcnotrace"];

/** Runs a command; a failure throws with what it printed. */
export async function check(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ stdout: string; stderr: string }> {
  try {
    return await promisify(execFile)(command, args, {
      ...options,
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(" ")} failed:\n${stdout ?? ""}${stderr ?? String(error)}`);
  }
}

/** `tsc --noEmit` (strict) of index.ts with the built Node.js SDK in its node_modules. */
export async function typecheckTypeScript(indexTs: string, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  cpSync(indexTs, join(dir, "index.ts"));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "commonjs",
        moduleResolution: "node",
        strict: true,
        esModuleInterop: true,
        skipLibCheck: true,
        noEmit: true,
      },
      files: ["index.ts"],
    }),
  );
  // The SDK's copy in the program's node_modules; @pulumi/pulumi resolves from the repository's.
  await installNodeSdk(dir);
  await check(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", dir]);
}

/**
 * py_compile, then pyright (standard checks) with the Python quickstart's environment (`pulumi` 3.259.0) and
 * the SDK installed from sdk/python; returns pyright's summary.
 */
export async function typecheckPython(
  mainPy: string,
  dir: string,
): Promise<{ filesAnalyzed: number; errorCount: number }> {
  const python = await ensurePythonEnv({
    requirements: join(REPO, "examples", "python-quickstart", "requirements.txt"),
    log: () => undefined,
  });
  mkdirSync(dir, { recursive: true });
  cpSync(mainPy, join(dir, "__main__.py"));
  await check(python.python, ["-m", "py_compile", join(dir, "__main__.py")], {
    env: { ...process.env, ...python.env },
  });
  writeFileSync(
    join(dir, "pyrightconfig.json"),
    JSON.stringify({ include: ["__main__.py"], extraPaths: [python.sdkDir] }),
  );
  const pyright = require.resolve("pyright/index.js");
  const { stdout } = await check(process.execPath, [pyright, "--pythonpath", python.python, "--outputjson"], {
    cwd: dir,
  });
  return (JSON.parse(stdout) as { summary: { filesAnalyzed: number; errorCount: number } }).summary;
}

/** The Go module a generated main.go is built in: the Go quickstart's requirements and go.sum, sdk/go replaced. */
function goModule(mainGo: string, dir: string): NodeJS.ProcessEnv {
  mkdirSync(dir, { recursive: true });
  cpSync(mainGo, join(dir, "main.go"));
  const quickstart = join(REPO, "examples", "go-quickstart");
  const sdk = join(REPO, "sdk", "go");
  const goMod = readFileSync(join(quickstart, "go.mod"), "utf8")
    .replace(/^module .*$/m, "module example.com/generated-program")
    .replace(/=> \.\.\/\.\.\/sdk\/go$/m, `=> ${sdk}`);
  if (!goMod.includes(`=> ${sdk}`)) throw new Error("examples/go-quickstart/go.mod replaces sdk/go no more");
  writeFileSync(join(dir, "go.mod"), goMod);
  cpSync(join(quickstart, "go.sum"), join(dir, "go.sum"));
  return { ...process.env, CGO_ENABLED: "0", GOTOOLCHAIN: "local", GOFLAGS: "-mod=readonly" };
}

/** `go build` and `go vet` of main.go. */
export async function buildGo(mainGo: string, dir: string): Promise<void> {
  const env = goModule(mainGo, dir);
  await check("go", ["build", "-trimpath", ...GO_FLAGS, "-o", join(dir, "program"), "."], { cwd: dir, env });
  await check("go", ["vet", ...GO_FLAGS, "."], { cwd: dir, env });
}

/** What `go build` of main.go prints; throws when it builds. */
export async function goBuildErrors(mainGo: string, dir: string): Promise<string> {
  const env = goModule(mainGo, dir);
  try {
    await promisify(execFile)("go", ["build", ...GO_FLAGS, "-o", join(dir, "program"), "."], {
      cwd: dir,
      env,
    });
  } catch (error) {
    return (error as { stderr?: string }).stderr ?? String(error);
  }
  throw new Error(`${mainGo} builds`);
}
