/**
 * Errors as the user sees them. The dynamic-provider host sends `e.message` to the engine, and for
 * check/diff/read/delete also prints `${e}: ${e.stack}` on its stderr, which the CLI shows. Every error
 * leaving a handler therefore carries one readable line as its message and that same line as its stack,
 * so no stack trace (and never a secret: messages only name ids, names and the API's own secret-free
 * text) reaches the user.
 */
/** The property the SDK adds to every input and output map: the serialized provider. */
export const PROVIDER_KEY = "__provider";

export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/**
 * The connector exists but a follow-up step failed. The host reports an error carrying `id` as a partial
 * create (ErrorResourceInitFailed): the engine keeps the resource in state with `properties`, so it is
 * tracked (and finished by the next update), never orphaned.
 */
export class PartialCreateError extends ProviderError {
  readonly id: string;
  readonly properties: object;
  readonly reasons: string[];

  constructor(id: string, properties: object, message: string) {
    super(message);
    this.id = id;
    this.properties = properties;
    this.reasons = [message];
  }
}

/**
 * Runs a create, and gives a partial create's `properties` what the SDK's host does not add to them. The
 * host sends them as they are (unlike a successful create's outputs, it does not add the serialized
 * provider), and the engine stores them as the resource's outputs, from which every later refresh and
 * delete works: without `__provider` no provider could be loaded for it, and without its `connection` it
 * would be looked for in the stack config's account. Either way the object would be stranded.
 */
export async function keepingOnPartialCreate<T>(kept: object, create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (!(error instanceof PartialCreateError)) throw error;
    const completed = new PartialCreateError(error.id, { ...error.properties, ...kept }, error.message);
    completed.stack = error.stack;
    throw completed;
  }
}

/** Runs a handler step and makes whatever it throws fit for the user's eyes (see above). */
export async function readably<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw asReadable(error);
  }
}

function asReadable(error: unknown): Error {
  const readable = error instanceof Error ? error : new ProviderError(String(error));
  readable.stack = readable.message;
  return readable;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
