/** Starts bench/processes/serve.ts in a process of its own and waits for the URL it prints. */
import { z } from "zod";
import { startScript } from "./node-script";

const ready = z.object({ url: z.string(), pid: z.number() });

export interface ServerProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startServer(args: string[], env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = startScript("serve.ts", args, env);
  try {
    const { url, pid } = ready.parse(await server.report);
    return { url, pid, stop: server.stop };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
