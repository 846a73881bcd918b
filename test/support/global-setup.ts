/** Jest's global setup: one stage folder for this run, shared by its workers (see packed-package.ts). */
import { createStageRoot } from "./packed-package";

export default function globalSetup(): void {
  createStageRoot();
}
