/**
 * `pulumi-language-nodejs` for the CLI commands that load a language host themselves instead of taking
 * `--client` (`pulumi import` asks it which packages the program needs): tools/pulumi/language-host.ts,
 * started as a plugin is (its port on stdout). The real host cannot be built here (the module proxy refuses it).
 */
import { startLanguageHost } from "../../../tools/pulumi/language-host";

startLanguageHost().then(
  (host) => process.stdout.write(`${host.address.split(":").pop()}\n`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
