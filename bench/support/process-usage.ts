/**
 * Peak memory and CPU time of the processes this process starts: the `pulumi` CLI, the program its
 * language host (which runs in this process) spawns, and the providers the CLI spawns (dynamic or plugin). /proc is
 * polled for descendants, and each one's VmHWM (its own peak RSS, kept by the kernel) and CPU time are read
 * while it is alive, so up to one sampling period of a process's CPU before it exits is not counted.
 * Linux only; elsewhere the figures stay 0.
 */
import { readdirSync, readFileSync } from "node:fs";

export type ProcessRole = "cli" | "program" | "provider" | "other";

export interface DescendantUsage {
  /** Highest VmHWM seen per role, in KB. */
  peakKbByRole: Record<ProcessRole, number>;
  /** Highest sum of the descendants' VmRSS in one sample, in KB. */
  peakTotalKb: number;
  /** CPU time (user + system) per role, in ms, as last seen before each process exited. */
  cpuMsByRole: Record<ProcessRole, number>;
}

const SAMPLE_EVERY_MS = 100;
/** USER_HZ: the unit of utime/stime in /proc/<pid>/stat; 100 on every Linux build that matters here. */
const TICKS_PER_SECOND = 100;

const perRole = (): Record<ProcessRole, number> => ({ cli: 0, program: 0, provider: 0, other: 0 });

export class DescendantSampler {
  private readonly peakKbByRole = perRole();
  private peakTotalKb = 0;
  private readonly seen = new Map<number, { role: ProcessRole; cpuTicks: number }>();
  private timer: NodeJS.Timeout | undefined;

  /**
   * `cliBin`: the path of the `pulumi` executable, whose processes are the "cli" role. `options.includeRoot`
   * adds the root's own VmRSS to each sample's total (where the root runs programs itself: Automation API
   * inline programs); `options.excludePids` are descendants left out (a server standing in for a remote API).
   */
  constructor(
    private readonly cliBin: string,
    private readonly rootPid = process.pid,
    private readonly options: { includeRoot?: boolean; excludePids?: readonly number[] } = {},
  ) {}

  start(): this {
    this.sample();
    this.timer = setInterval(() => this.sample(), SAMPLE_EVERY_MS);
    // Sampling must never keep the benchmark alive.
    this.timer.unref();
    return this;
  }

  stop(): DescendantUsage {
    this.sample();
    clearInterval(this.timer);
    const cpuMsByRole = perRole();
    for (const { role, cpuTicks } of this.seen.values())
      cpuMsByRole[role] += (cpuTicks * 1000) / TICKS_PER_SECOND;
    return { peakKbByRole: { ...this.peakKbByRole }, peakTotalKb: this.peakTotalKb, cpuMsByRole };
  }

  private sample(): void {
    let total = this.options.includeRoot ? rssKbOf(this.rootPid) : 0;
    for (const { pid, stat } of descendantsOf(this.rootPid)) {
      if (this.options.excludePids?.includes(pid)) continue;
      const status = readProc(pid, "status");
      if (status === undefined) continue;
      // Read again at every sample: a child seen between fork and exec still shows its parent's command line.
      const cmdline = readProc(pid, "cmdline");
      const role = cmdline ? roleOf(cmdline, this.cliBin) : (this.seen.get(pid)?.role ?? "other");
      this.seen.set(pid, { role, cpuTicks: cpuTicksOf(stat) });
      total += statusKb(status, "VmRSS");
      this.peakKbByRole[role] = Math.max(this.peakKbByRole[role], statusKb(status, "VmHWM"));
    }
    this.peakTotalKb = Math.max(this.peakTotalKb, total);
  }
}

/** The fields of /proc/<pid>/stat after the command name, which may hold spaces and parentheses. */
const statFields = (stat: string): string[] => stat.slice(stat.lastIndexOf(")") + 2).split(" ");
/** utime + stime (fields 14 and 15 of stat; 12 and 13 after the command name). */
const cpuTicksOf = (stat: string): number => Number(statFields(stat)[11]) + Number(statFields(stat)[12]);

/** Children of the root, their children, and so on (by the parent pid in /proc/<pid>/stat). */
function descendantsOf(rootPid: number): { pid: number; stat: string }[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  const childrenOf = new Map<number, { pid: number; stat: string }[]>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProc(Number(entry), "stat");
    const parent = stat === undefined ? Number.NaN : Number(statFields(stat)[1]);
    if (stat === undefined || !Number.isInteger(parent)) continue;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), { pid: Number(entry), stat }]);
  }
  const found: { pid: number; stat: string }[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    for (const child of childrenOf.get(queue.shift() as number) ?? []) {
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

/**
 * By the command line (NUL-separated). The CLI by its executable alone: the plugins it starts sit next to
 * it (pulumi-resource-pulumi-nodejs, a shell script that runs node .../cmd/dynamic-provider), so their
 * paths begin with the CLI's. The provider: Pulumi's dynamic-provider host, or this package's plugin from the
 * stack's PULUMI_HOME (`node .../plugins/resource-integrations-v<version>/launch.js`, which its shell launcher
 * execs; the null plugin runs `node .../pulumi-resource-integrations`).
 */
function roleOf(cmdline: string, cliBin: string): ProcessRole {
  if (
    cmdline.includes("cmd/dynamic-provider") ||
    cmdline.includes("/plugins/resource-integrations-v") ||
    cmdline.includes("pulumi-resource-integrations")
  )
    return "provider";
  if (cmdline.includes("cmd/run")) return "program";
  if (cmdline.split("\0")[0] === cliBin) return "cli";
  return "other";
}

function statusKb(status: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  return match ? Number(match[1]) : 0;
}

/** A process may exit between listing and reading: then there is nothing to read. */
function readProc(pid: number, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return undefined;
  }
}

/** VmHWM of one process, in KB (0 when it cannot be read). */
export function peakRssKbOf(pid: number): number {
  const status = readProc(pid, "status");
  return status === undefined ? 0 : statusKb(status, "VmHWM");
}

/** VmRSS of one process, in KB (0 when it cannot be read). */
export function rssKbOf(pid: number): number {
  const status = readProc(pid, "status");
  return status === undefined ? 0 : statusKb(status, "VmRSS");
}
