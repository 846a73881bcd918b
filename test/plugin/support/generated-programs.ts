/**
 * Checks of programs the generators wrote (tools/pulumi/programgen, tools/pulumi-java/programgen) against the
 * project's SDKs, several programs in one run of each tool: TypeScript with tsc against the built sdk/nodejs,
 * Python with py_compile and pyright against sdk/python and the pinned `pulumi`, Go with go build and go vet
 * against sdk/go through a `replace` (one module, a package per program), Java with one Maven compile against
 * sdk/java and com.pulumi:pulumi (a Java package per program). Each takes the programs by name, copies them
 * into folders of their own under `dir`, and returns the errors of each program that does not pass, by name
 * ({} when all pass); it throws when the tool fails otherwise.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { promisify } from "node:util";
import { installJavaSdk, runMaven, useInstalledSdk } from "../../../tools/java/maven";
import { ensurePythonEnv } from "../../../tools/python/venv";
import { installNodeSdk } from "../../../tools/sdk/nodejs";

const REPO = resolve(__dirname, "..", "..", "..");
const GO_FLAGS = ["-tags", "osusergo,grpcnotrace"];

/** Program name -> the file of its program (index.ts, __main__.py, main.go, App.java). */
export type Programs = Record<string, string>;
/** Program name -> what the tool printed about it; only the programs that do not pass. */
export type ProgramErrors = Record<string, string>;

/** Runs a command; a failure throws with what it printed. */
export async function check(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ stdout: string; stderr: string }> {
  try {
    return await run(command, args, options);
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(" ")} failed:\n${stdout ?? ""}${stderr ?? String(error)}`);
  }
}

function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv },
): Promise<{ stdout: string; stderr: string }> {
  return promisify(execFile)(command, args, { ...options, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
}

/** Copies each program to `<dir>/<name>/<file>`, returning the copies' paths by name. */
function stage(programs: Programs, dir: string, file: (name: string) => string): Programs {
  return Object.fromEntries(
    Object.entries(programs).map(([name, source]) => {
      const target = join(dir, file(name));
      mkdirSync(join(target, ".."), { recursive: true });
      cpSync(source, target);
      return [name, target];
    }),
  );
}

/**
 * Groups a tool's output lines by the program whose file they name (a line names a file by its path, absolute
 * or relative to `dir`); a line naming none joins the group of the line before it.
 */
function errorsByProgram(output: string, staged: Programs, dir: string): ProgramErrors {
  const errors: ProgramErrors = {};
  let current: string | undefined;
  for (const line of output.split("\n")) {
    const owner = Object.entries(staged).find(
      ([, path]) => mentions(line, path) || mentions(line, relative(dir, path)),
    )?.[0];
    current = owner ?? current;
    if (current !== undefined && line.trim()) errors[current] = `${errors[current] ?? ""}${line}\n`;
  }
  return errors;
}

/** Whether `line` names `path` as a whole (`Connector/main.go` is not named in `getConnector/main.go`). */
function mentions(line: string, path: string): boolean {
  for (let at = line.indexOf(path); at >= 0; at = line.indexOf(path, at + 1))
    if (at === 0 || !/[\w.-]/.test(line[at - 1]!) || line[at - 1] === sep) return true;
  return false;
}

/** `tsc --noEmit` (strict) of every index.ts at once, with the built Node.js SDK in their node_modules. */
export async function typecheckTypeScript(programs: Programs, dir: string): Promise<ProgramErrors> {
  mkdirSync(dir, { recursive: true });
  const staged = stage(programs, dir, (name) => join(name, "index.ts"));
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
      files: Object.values(staged).map((path) => relative(dir, path)),
    }),
  );
  // The SDK's copy in the programs' node_modules; @pulumi/pulumi resolves from the repository's.
  await installNodeSdk(dir);
  try {
    await run(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", dir], {});
    return {};
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    const errors = errorsByProgram(stdout ?? "", staged, dir);
    if (Object.keys(errors).length === 0) throw new Error(`tsc failed:\n${stdout ?? ""}${stderr ?? ""}`);
    return errors;
  }
}

/**
 * py_compile, then one pyright run (standard checks) over every __main__.py, with the Python quickstart's
 * environment (`pulumi` 3.272.0) and the SDK installed from sdk/python. `filesAnalyzed` is pyright's count.
 */
export async function typecheckPython(
  programs: Programs,
  dir: string,
): Promise<{ errors: ProgramErrors; filesAnalyzed: number }> {
  const python = await ensurePythonEnv({
    requirements: join(REPO, "examples", "python-quickstart", "requirements.txt"),
    log: () => undefined,
  });
  mkdirSync(dir, { recursive: true });
  const staged = stage(programs, dir, (name) => join(name, "__main__.py"));
  const files = Object.values(staged);
  await check(python.python, ["-m", "py_compile", ...files], { env: { ...process.env, ...python.env } });
  writeFileSync(
    join(dir, "pyrightconfig.json"),
    JSON.stringify({ include: files.map((path) => relative(dir, path)), extraPaths: [python.sdkDir] }),
  );
  const pyright = require.resolve("pyright/index.js");
  let stdout: string;
  try {
    stdout = (
      await run(process.execPath, [pyright, "--pythonpath", python.python, "--outputjson"], { cwd: dir })
    ).stdout;
  } catch (error) {
    // pyright exits 1 when it reports errors: its JSON still says which.
    stdout = (error as { stdout?: string }).stdout ?? "";
    if (!stdout.startsWith("{")) throw error;
  }
  const report = JSON.parse(stdout) as {
    generalDiagnostics: {
      file: string;
      severity: string;
      message: string;
      range: { start: { line: number } };
    }[];
    summary: { filesAnalyzed: number };
  };
  const errors: ProgramErrors = {};
  for (const diagnostic of report.generalDiagnostics.filter((d) => d.severity === "error")) {
    const name = Object.entries(staged).find(([, path]) => resolve(diagnostic.file) === resolve(path))?.[0];
    const line = `${relative(dir, diagnostic.file)}:${diagnostic.range.start.line + 1}: ${diagnostic.message}\n`;
    errors[name ?? diagnostic.file] = `${errors[name ?? diagnostic.file] ?? ""}${line}`;
  }
  return { errors, filesAnalyzed: report.summary.filesAnalyzed };
}

/**
 * The Go module the programs are built in, a package per program: the Go quickstart's requirements and go.sum,
 * sdk/go replaced.
 */
function goModule(programs: Programs, dir: string): { staged: Programs; env: NodeJS.ProcessEnv } {
  mkdirSync(dir, { recursive: true });
  const staged = stage(programs, dir, (name) => join(name, "main.go"));
  const quickstart = join(REPO, "examples", "go-quickstart");
  const sdk = join(REPO, "sdk", "go");
  const goMod = readFileSync(join(quickstart, "go.mod"), "utf8")
    .replace(/^module .*$/m, "module example.com/generated-programs")
    .replace(/=> \.\.\/\.\.\/sdk\/go$/m, `=> ${sdk}`);
  if (!goMod.includes(`=> ${sdk}`)) throw new Error("examples/go-quickstart/go.mod replaces sdk/go no more");
  writeFileSync(join(dir, "go.mod"), goMod);
  cpSync(join(quickstart, "go.sum"), join(dir, "go.sum"));
  const env = { ...process.env, CGO_ENABLED: "0", GOTOOLCHAIN: "local", GOFLAGS: "-mod=readonly" };
  return { staged, env };
}

/**
 * `go build` of every package (each linked into `<dir>/bin/`), then `go vet` of those that built; the errors
 * of both, by program.
 */
export async function buildGo(programs: Programs, dir: string): Promise<ProgramErrors> {
  const { staged, env } = goModule(programs, dir);
  const packages = (names: string[]) => names.map((name) => `.${sep}${name}`);
  const failed = async (args: string[]): Promise<ProgramErrors> => {
    try {
      await run("go", args, { cwd: dir, env });
      return {};
    } catch (error) {
      const { stderr } = error as { stderr?: string };
      const errors = errorsByProgram(stderr ?? "", staged, dir);
      if (Object.keys(errors).length === 0)
        throw new Error(`go ${args[0]} failed:\n${stderr ?? String(error)}`);
      return errors;
    }
  };
  mkdirSync(join(dir, "bin"), { recursive: true });
  const names = Object.keys(programs);
  const built = await failed(["build", "-trimpath", ...GO_FLAGS, "-o", `bin${sep}`, ...packages(names)]);
  const vetted = await failed(["vet", ...GO_FLAGS, ...packages(names.filter((name) => !(name in built)))]);
  return { ...built, ...vetted };
}

/**
 * One `mvn compile` of every App.java, each in a Java package of its own (`examples.<name>`, its `package`
 * line changed to it: a copy staged for the compiler, not the program), against sdk/java installed into the
 * local Maven repository and the com.pulumi:pulumi of examples/java-quickstart/pom.xml.
 */
export async function compileJava(programs: Programs, dir: string): Promise<ProgramErrors> {
  const sdk = await installJavaSdk();
  mkdirSync(dir, { recursive: true });
  cpSync(join(REPO, "examples", "java-quickstart", "pom.xml"), join(dir, "pom.xml"));
  const staged = stage(programs, dir, (name) =>
    join("src", "main", "java", "examples", javaPackage(name), "App.java"),
  );
  for (const [name, path] of Object.entries(staged)) {
    const source = readFileSync(path, "utf8");
    const packaged = source.replace(/^package [\w.]+;/m, `package examples.${javaPackage(name)};`);
    if (packaged === source) throw new Error(`${programs[name]} declares no package`);
    writeFileSync(path, packaged);
  }
  useInstalledSdk(dir, sdk);
  try {
    await runMaven(["compile"], dir);
    return {};
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const errors = errorsByProgram(message, staged, dir);
    if (Object.keys(errors).length === 0) throw error;
    return errors;
  }
}

/** A Java package name of a program name ("getApps": "getapps"). */
function javaPackage(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "_");
}
