import type { Demo, DemoPaths } from "./workspace";

export interface RunOptions {
  operation: "up" | "destroy";
  paths: DemoPaths;
  demo: Demo;
  baseUrl: string;
}
