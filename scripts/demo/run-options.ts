import type { Demo, DemoPaths, DemoStack } from "./workspace";

export interface RunOptions {
  operation: "up" | "destroy";
  paths: DemoPaths;
  demo: Demo;
  stack: DemoStack;
  baseUrl: string;
}

/** How a run ended, and the stack's outputs (secret ones in the clear, for the demo's own use). */
export interface RunOutcome {
  code: number;
  outputs: Record<string, unknown>;
}
