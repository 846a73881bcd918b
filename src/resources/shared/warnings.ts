/**
 * Warnings for the user, from a handler: the front end that serves the handlers says where they go (the
 * engine's log, which the CLI shows among its diagnostics). Without one they go to stderr, which the engine
 * shows as the provider's output. A warning never fails the call that gives it.
 */
type WarningSink = (message: string) => Promise<void>;

let sink: WarningSink | undefined;

export function setWarningSink(next: WarningSink | undefined): void {
  sink = next;
}

export async function warn(message: string): Promise<void> {
  if (sink) return sink(message).catch(() => undefined);
  process.stderr.write(`warning: ${message}\n`);
}
