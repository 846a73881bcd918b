// Six independent resources whose creates and deletes take a while: the engine may run only `--parallel`
// of them at once.
import { NullResource } from "../null-provider";

for (let i = 1; i <= 6; i++) new NullResource(`r${i}`, { label: `r${i}`, delayMs: 300 });
