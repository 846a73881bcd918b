/** `integrations-emulator fire <instanceId>`: asks a running emulator to fire one trigger instance. */
import type { z } from "zod";
import { errorResponse, firedEvent } from "./response-schemas";

/** Only the message of an error body is shown (whatever else the answer holds). */
const errorMessage = errorResponse.pick({ message: true });

type Fired = z.output<typeof firedEvent>;

export async function fireOnRunningEmulator(
  baseUrl: string,
  apiKey: string,
  instanceId: string,
  payload?: Record<string, unknown>,
): Promise<Fired> {
  const url = `${baseUrl.replace(/\/+$/, "")}/_emulator/trigger-instances/${encodeURIComponent(instanceId)}/fire`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "x-api-key": apiKey, "content-type": "application/json" },
      body: JSON.stringify(payload === undefined ? {} : { payload }),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: unknown } }).cause;
    throw new Error(
      `no emulator answered at ${baseUrl} (${String(cause?.code ?? (error as Error).message)})`,
    );
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = errorMessage.safeParse(body);
    throw new Error(
      `the emulator answered ${response.status}: ${message.success ? message.data.message : "no details"}`,
    );
  }
  return firedEvent.parse(body);
}
