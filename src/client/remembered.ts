/**
 * One promise per key for the life of the process: concurrent and later callers with the same key share
 * the first call's answer. A rejected promise is forgotten, so that the next caller tries again.
 */
export class Remembered<T> {
  readonly #promises = new Map<string, Promise<T>>();

  get(key: string, make: () => Promise<T>): Promise<T> {
    const known = this.#promises.get(key);
    if (known) return known;
    const made = make();
    made.catch(() => {
      if (this.#promises.get(key) === made) this.#promises.delete(key);
    });
    this.#promises.set(key, made);
    return made;
  }
}
