/** Starts bench/processes/serve.ts in a process of its own and waits for the URL it prints. */
import { z } from "zod";
import { startScript } from "./node-script";

const ready = z.object({ url: z.string() });

export interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

export async function startServer(args: string[], env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = startScript("serve.ts", args, env);
  try {
    const { url } = ready.parse(await server.report);
    return { url, stop: server.stop };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
