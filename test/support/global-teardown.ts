import { removeStageRoot } from "./packed-package";

export default function globalTeardown(): void {
  removeStageRoot();
}
