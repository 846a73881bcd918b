/**
 * Preloaded into every Node.js process of a profiled stack (`NODE_OPTIONS=--require <this file>`, see
 * ../profile.ts): a process whose command line matches CPU_PROFILE_MATCH (a regular expression) records a CPU
 * profile from here to its end and writes it to CPU_PROFILE_DIR as `<label>-<pid>.cpuprofile`, the label
 * being the first of CPU_PROFILE_LABELS' `label=regexp` pairs (comma-separated) that matches. Node's own
 * --cpu-prof writes nothing when the engine ends a plugin with a signal, which is how it ends every provider
 * it started, so the profile is written on SIGINT and SIGTERM too, the signal then re-raised (its default
 * action, the process's own exit, is unchanged). Plain JavaScript: Node loads it before anything compiles.
 */
"use strict";
const { writeFileSync, mkdirSync } = require("node:fs");
const { join } = require("node:path");
const inspector = require("node:inspector");

const commandLine = process.argv.join(" ");
const match = process.env.CPU_PROFILE_MATCH;
const dir = process.env.CPU_PROFILE_DIR;

if (match && dir && new RegExp(match).test(commandLine)) {
  const labels = (process.env.CPU_PROFILE_LABELS || "").split(",").filter(Boolean);
  const found = labels
    .map((pair) => pair.split("="))
    .find(([, regexp]) => new RegExp(regexp).test(commandLine));
  const label = found ? found[0] : "node";
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.start");
  let written = false;
  // An in-process session answers synchronously, so this works from an exit listener too.
  const write = () => {
    if (written) return;
    written = true;
    session.post("Profiler.stop", (error, result) => {
      if (error) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${label}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  process.on("exit", write);
  for (const signal of ["SIGINT", "SIGTERM"]) {
    const onSignal = () => {
      write();
      process.removeListener(signal, onSignal);
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}
