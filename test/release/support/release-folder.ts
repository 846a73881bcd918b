/** The release folder (`npm run release`'s function), built once per test run into the run's stage folder. */
import { buildRelease } from "../../../scripts/release/main";
import { builtOnce } from "../../support/built-once";

export function releaseFolder(): Promise<string> {
  return builtOnce("release", (dir) => buildRelease(dir));
}
