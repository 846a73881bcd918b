/** The stand-in language host's executable (./stand-in-language-host.ts): serves and prints its port. */
import { startLanguageHost } from "../../../tools/pulumi/language-host";

startLanguageHost().then(
  (host) => process.stdout.write(`${host.address.split(":").pop()}\n`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
