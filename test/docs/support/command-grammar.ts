/**
 * A docs command checked against the grammar of the tool it runs, without running it (most need an account,
 * a stack or a network the test does not have): the real `pulumi` CLI's and this package's own CLIs' help
 * says which command the words reach and which flags it takes; npm's commands are checked against this
 * package's scripts and the packages it publishes or names as peers; `cd` against the repository.
 *
 * A word of a flag's value can never be taken for a subcommand: the help's `Usage:` line names the command the
 * words reached, and that command's path must be the words the docs wrote before any argument.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPOSITORY } from "./code-blocks";
import type { ShellCommand } from "./shell-commands";

export interface Tools {
  /** The pinned `pulumi` executable. */
  pulumi: string;
  /** The npm-packed package, whose commands `npx <name>` runs. */
  packageDir: string;
  /** Its commands (its package.json `bin`): each name's file, relative to the package. */
  bins: Record<string, string>;
  /** The scripts of this repository's package.json, for `npm run <script>`. */
  scripts: Record<string, string>;
  /** What the docs may `npm install`: the packages this repository publishes and their peers. */
  installable: ReadonlySet<string>;
}

export function repositoryTools(pulumi: string, packageDir: string): Tools {
  const manifest = readJson(join(REPOSITORY, "package.json")) as {
    name: string;
    bin: Record<string, string>;
    scripts: Record<string, string>;
    peerDependencies: Record<string, string>;
  };
  const published = ["policy/package.json", "sdk/nodejs/package.json"].map(
    (file) => (readJson(join(REPOSITORY, file)) as { name: string }).name,
  );
  return {
    pulumi,
    packageDir,
    bins: manifest.bin,
    scripts: manifest.scripts,
    installable: new Set([manifest.name, ...published, ...Object.keys(manifest.peerDependencies)]),
  };
}

/** What is wrong with the command, one line each; none when its tool accepts it. */
export function grammarProblems(command: ShellCommand, tools: Tools): string[] {
  const [program, ...args] = command.words;
  switch (program) {
    case "pulumi":
      return helpProblems([tools.pulumi], "pulumi", args, { needsSubcommand: true });
    case "npx": {
      const [name, ...rest] = args;
      const file = tools.bins[name ?? ""];
      if (!file)
        return [`npx ${name}: not a command of this package (${Object.keys(tools.bins).join(", ")})`];
      return helpProblems(["node", join(tools.packageDir, file)], name!, rest, { needsSubcommand: false });
    }
    case "npm":
      return npmProblems(args, tools);
    case "cd":
      return existsSync(join(REPOSITORY, args[0] ?? "")) ? [] : [`cd ${args[0]}: no such folder here`];
    case "export":
      return [];
    default:
      return [`no check knows ${program}: run the block, or check its tool here`];
  }
}

function npmProblems(args: string[], tools: Tools): string[] {
  const [verb, ...rest] = args;
  if (verb === "ci" && rest.length === 0) return [];
  if (verb === "test") return tools.scripts.test ? [] : ["npm test: no test script"];
  if (verb === "install") {
    const packages = rest.filter((word) => !["--save-dev", "-D"].includes(word));
    return packages
      .filter((name) => !tools.installable.has(name))
      .map((name) => `npm install ${name}: neither published here nor a peer of the package`);
  }
  if (verb === "run") {
    const [script, separator, ...scriptArgs] = rest;
    const body = tools.scripts[script ?? ""];
    if (body === undefined) return [`npm run ${script}: no such script`];
    if (separator === undefined) return [];
    if (separator !== "--") return [`npm run ${script} ${separator}: arguments follow a --`];
    // The arguments go to the script's last command: one of the package's own CLIs.
    const entry = Object.entries(tools.bins).find(([, file]) => body.endsWith(`node ${file}`));
    if (!entry) return [`npm run ${script} -- ...: the script does not end in one of the package's commands`];
    return helpProblems(["node", join(tools.packageDir, entry[1])], entry[0], scriptArgs, {
      needsSubcommand: false,
    });
  }
  return [`npm ${verb}: no check knows this npm command`];
}

const helpCache = new Map<string, string>();

/** Checks `args` against `<command> <positional args> --help`: the command they reach and its flags. */
function helpProblems(
  command: string[],
  name: string,
  args: string[],
  options: { needsSubcommand: boolean },
): string[] {
  const positional = args.filter((word) => !word.startsWith("-"));
  const key = [...command, ...positional].join("\0");
  const help =
    helpCache.get(key) ??
    execFileSync(command[0]!, [...command.slice(1), ...positional, "--help"], {
      encoding: "utf8",
      env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" },
    });
  helpCache.set(key, help);
  const usage = /Usage:\s*(\S+(?: [^\s[<]+)*)/.exec(help)?.[1];
  if (!usage) return [`${name} ${args.join(" ")}: its help has no Usage line`];
  const path = usage.split(" ").slice(1);
  const problems: string[] = [];
  if (options.needsSubcommand && path.length === 0)
    problems.push(`${name} ${positional[0]}: no such command`);
  // The command's own name may be written as one of its aliases (`pulumi stack init` is `pulumi stack new`).
  const aliases = /Aliases:\s*\n\s*(.*)/.exec(help)?.[1]?.split(/,\s*/) ?? [];
  const written = positional.slice(0, path.length);
  const reached = (word: string, at: number) =>
    word === path[at] || (at === path.length - 1 && aliases.includes(word));
  if (written.length !== path.length || !written.every(reached))
    problems.push(`${name} ${args.join(" ")}: reaches \`${usage}\`, not the words written`);
  for (const flag of args.filter((word) => word.startsWith("-") && word !== "--")) {
    const flagName = flag.split("=")[0]!;
    if (!new RegExp(`(^|[\\s,])${flagName}([\\s,=]|$)`, "m").test(help))
      problems.push(`${usage}: no flag ${flagName}`);
  }
  return problems;
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, "utf8"));
}
