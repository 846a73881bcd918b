import { z } from "zod";

/**
 * `pulumi-integrations/<version>`. The manifest is read at run time (not imported) so that it stays outside
 * the compiled tree: `../../package.json` resolves to the package root from both src/client and dist/client.
 */
const manifest = z.object({ name: z.string(), version: z.string() }).parse(require("../../package.json"));

export const USER_AGENT = `${manifest.name}/${manifest.version}`;
