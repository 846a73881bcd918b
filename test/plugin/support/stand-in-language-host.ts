/**
 * A stand-in for `pulumi-language-python` and `pulumi-language-go`, which the Go module proxy here refuses,
 * for the one command of the quickstarts that loads a language host itself: `pulumi import` asks the
 * project's runtime which packages its program needs, even with --generate-code=false. Everything else runs
 * the program inline (the Automation API's `--client`). The stand-in is tools/pulumi/language-host.ts started
 * as a plugin is (./language-host-bin.ts, its port on stdout); it answers that no packages are needed, as
 * pulumi-language-python answers for a program whose dependencies declare none, and the import then uses the
 * installed plugin.
 */
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createStageRoot } from "../../support/packed-package";

/** A new folder holding `pulumi-language-<runtime>` for each runtime: put it on PATH for `pulumi import`. */
export function standInLanguageHosts(runtimes: readonly string[]): string {
  const dir = mkdtempSync(join(createStageRoot(), "language-hosts-"));
  const transpileOnly = require.resolve("ts-node/register/transpile-only");
  const entry = join(__dirname, "language-host-bin.ts");
  for (const runtime of runtimes) {
    const script = join(dir, `pulumi-language-${runtime}`);
    writeFileSync(script, `#!/bin/sh\nexec "${process.execPath}" -r "${transpileOnly}" "${entry}" "$@"\n`);
    chmodSync(script, 0o755);
  }
  return dir;
}
