/**
 * The names of an import file's entries: the logical name (the URN's, what `pulumi up` shows) taken from the
 * object's own name, and the name the generated code gives its variable, an identifier every language takes
 * (`github-bot` -> `githubBot`). Each is unique in the file; a second object of the same name gets `-2`.
 */
export interface EntryNames {
  /** The variable in the generated program. */
  name: string;
  /** The resource's logical name. */
  logicalName: string;
}

/** Words a generated program cannot name a variable in one of the languages (a keyword, or a builtin it shadows). */
const RESERVED = new Set(
  (
    "abstract and as assert async await boolean break byte case catch char class const continue def default " +
    "del delete do double elif else enum except export extends false final finally float for from func function " +
    "global go goto if implements import in instanceof int interface is lambda let long map module native new " +
    "nil none nonlocal not null or package pass private protected public raise range return select short " +
    "static super switch synchronized this throw throws transient true try type typeof var void volatile while " +
    "with yield config pulumi resources outputs variables ctx"
  ).split(" "),
);

export class NameBook {
  readonly #logical = new Set<string>();
  readonly #variables = new Set<string>();

  /** Unique names for an object called `wanted`; `kind` makes a name no identifier could be from one. */
  take(wanted: string, kind: string): EntryNames {
    const base = wanted.trim() === "" ? kind : wanted.trim();
    for (let n = 1; ; n++) {
      const logicalName = n === 1 ? base : `${base}-${n}`;
      const name = identifier(logicalName, kind);
      if (this.#logical.has(logicalName) || this.#variables.has(name.toLowerCase())) continue;
      this.#logical.add(logicalName);
      // Case alone does not tell two variables apart in every generator (Go exports by capitalising).
      this.#variables.add(name.toLowerCase());
      return { name, logicalName };
    }
  }
}

function identifier(logicalName: string, kind: string): string {
  const words = logicalName.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const camel = words
    .map((word, i) => (i === 0 ? word.charAt(0).toLowerCase() + word.slice(1) : capitalised(word)))
    .join("");
  if (camel === "" || /^[0-9]/.test(camel) || RESERVED.has(camel.toLowerCase())) {
    return `${kind}${capitalised(camel)}`;
  }
  return camel;
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
