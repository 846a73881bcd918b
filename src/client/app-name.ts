/**
 * Whether two app names name the same app. The service resolves `appName` without regard to case
 * ("GitHub" makes, lists and finds the app it shows as "github"), so every comparison of an
 * app name with one the server sends must ignore case too: else a connector made with "GitHub" is not
 * recognised as the one asked for (adoption, the proof of a lost create, diff).
 */
export function sameAppName(a: unknown, b: unknown): boolean {
  // Not only strings: a diff also compares with state it did not write (hand-edited, or older versions').
  return typeof a === "string" && typeof b === "string" && a.toLowerCase() === b.toLowerCase();
}
