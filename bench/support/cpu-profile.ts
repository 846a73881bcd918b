/**
 * Summaries of V8 CPU profiles (.cpuprofile, as `node --cpu-prof` and ./cpu-profile-hook.js write them): the
 * functions with the most self time, the most total time (a function counted once per sampled stack, so that
 * recursion does not count it twice), and self time by file or package. Used by ../profile.ts, or on its own:
 *
 *   node -r ts-node/register/transpile-only bench/support/cpu-profile.ts <file or folder>... [--top <k>]
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { parseArgs } from "node:util";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
}

export interface ProfileSummary {
  file: string;
  /** From the profile's start to its end. */
  durationMs: number;
  /** Sampled time that was not idle: what the process spent on CPU, near enough. */
  busyMs: number;
  self: [string, number][];
  total: [string, number][];
  byFile: [string, number][];
}

/** Frames that are no function of any file: V8's own buckets. */
const IDLE = "(idle)";

/** Where a frame comes from, short: a package of node_modules, a file of this package, or Node's internals. */
export function fileOf(url: string): string {
  if (url === "") return "(native)";
  if (url.startsWith("node:")) return "node:internal";
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    const name = rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
    // This package, installed into the plugin's tarball or a staged program, is named by its file.
    if (name !== "pulumi-integrations") return name ?? url;
  }
  const dist = /\/(dist|src|bench-null)\/(.*)$/.exec(url);
  return dist ? `${dist[1]}/${dist[2]}` : basename(url);
}

const keyOf = (node: ProfileNode): string => {
  const { functionName, url, lineNumber } = node.callFrame;
  const name = functionName || "(anonymous)";
  return url ? `${name} ${fileOf(url)}:${lineNumber + 1}` : name;
};

/**
 * The busy time of the samples whose stack holds a frame matching `frame` (tested against `<function> <file>`):
 * what one part of the work costs, e.g. the listing of every create. A sample an async function's resumption
 * took holds that function's frame too, so its continuations count; what it leaves to GC does not.
 */
export function stackShareMs(file: string, frame: RegExp): number {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const matches = new Map<number, boolean>();
  const matching = (id: number): boolean => {
    const known = matches.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const parent = parentOf.get(id);
    const result =
      node !== undefined && (frame.test(keyOf(node)) || (parent !== undefined && matching(parent)));
    matches.set(id, result);
    return result;
  };
  const samples = profile.samples ?? [];
  const msPerSample = samples.length > 0 ? (profile.endTime - profile.startTime) / 1000 / samples.length : 0;
  return samples.filter((id) => matching(id)).length * msPerSample;
}

export function summarize(file: string, top = 25): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const durationMs = (profile.endTime - profile.startTime) / 1000;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  // Hit counts from the samples when present (hitCount is absent in some writers' output).
  const hits = new Map<number, number>();
  if (profile.samples) for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  else for (const node of profile.nodes) hits.set(node.id, node.hitCount ?? 0);
  const samples = [...hits.values()].reduce((a, b) => a + b, 0);
  const msPerSample = samples > 0 ? durationMs / samples : 0;

  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const byFile = new Map<string, number>();
  let idle = 0;
  for (const [id, count] of hits) {
    const node = byId.get(id);
    if (!node || count === 0) continue;
    const ms = count * msPerSample;
    if (node.callFrame.functionName === IDLE) {
      idle += ms;
      continue;
    }
    add(self, keyOf(node), ms);
    add(byFile, node.callFrame.url ? fileOf(node.callFrame.url) : keyOf(node), ms);
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at);
      if (frame && frame.callFrame.functionName !== "(root)") onStack.add(keyOf(frame));
    }
    for (const key of onStack) add(total, key, ms);
  }
  return {
    file,
    durationMs,
    busyMs: durationMs - idle,
    self: largest(self, top),
    total: largest(total, top),
    byFile: largest(byFile, top),
  };
}

function add(map: Map<string, number>, key: string, ms: number): void {
  map.set(key, (map.get(key) ?? 0) + ms);
}

const largest = (map: Map<string, number>, top: number): [string, number][] =>
  [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);

export function renderSummary(summary: ProfileSummary): string {
  const rows = (title: string, entries: [string, number][]) =>
    [
      `${title}:`,
      ...entries.map(
        ([key, ms]) =>
          `  ${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / summary.busyMs).toFixed(1).padStart(5)} %  ${key}`,
      ),
    ].join("\n");
  return [
    `### ${summary.file}: ${(summary.durationMs / 1000).toFixed(1)} s profiled, ` +
      `${(summary.busyMs / 1000).toFixed(1)} s busy`,
    rows("Self time by function", summary.self),
    rows("Total time by function", summary.total),
    rows("Self time by file or package", summary.byFile),
    "",
  ].join("\n\n");
}

/** The .cpuprofile files of a folder, or the file itself. */
function profileFiles(path: string): string[] {
  return statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((name) => name.endsWith(".cpuprofile"))
        .map((name) => join(path, name))
    : [path];
}

/** Every .cpuprofile in a folder (or the file itself), summarised. */
export function summarizeProfiles(path: string, top = 25): string {
  const files = profileFiles(path);
  if (files.length === 0) return `(no profile in ${path})\n`;
  return files.map((file) => renderSummary(summarize(file, top))).join("\n");
}

if (require.main === module) {
  const { values, positionals } = parseArgs({
    options: { top: { type: "string", default: "25" }, share: { type: "string", multiple: true } },
    allowPositionals: true,
  });
  for (const path of positionals) {
    process.stdout.write(summarizeProfiles(path, Number(values.top)));
    // --share <regexp>: the busy time under frames that match, per profile.
    for (const pattern of values.share ?? []) {
      for (const file of profileFiles(path)) {
        const ms = stackShareMs(file, new RegExp(pattern));
        process.stdout.write(`${file}: ${ms.toFixed(0)} ms under frames matching /${pattern}/\n`);
      }
    }
  }
}
