/** The machine the figures came from, stored with them. */
import os from "node:os";

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  totalMemoryMb: number;
  os: string;
  node: string;
  date: string;
  loadAverage: number[];
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    totalMemoryMb: Math.round(os.totalmem() / (1024 * 1024)),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    date: new Date().toISOString(),
    // Other work on the machine skews the figures; this says how busy it was when the run started.
    loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
  };
}
