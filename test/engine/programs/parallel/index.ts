// Six independent resources whose creates take a while: the engine may run only `--parallel` at once.
import { NullResource } from "../null-provider";

for (let i = 1; i <= 6; i++) new NullResource(`r${i}`, { label: `r${i}`, createDelayMs: 300 });
