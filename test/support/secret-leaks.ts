/**
 * The core of every secret scan: which secret appears in which place. Findings name the secret by its
 * label and the place, never by its value, so that a failing test does not print the secret either.
 */
export function leaksIn(places: Record<string, string>, secrets: Record<string, string>): string[] {
  const leaks: string[] = [];
  for (const [place, text] of Object.entries(places)) {
    for (const [label, value] of Object.entries(secrets)) {
      if (text.includes(value)) leaks.push(`${label} in ${place}`);
    }
  }
  return leaks;
}
