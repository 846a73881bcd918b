/** Small statistics over samples, and rounding for tables. */

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile (p in 0..100) of the samples; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

/** Rounds to `digits` decimals (a number, so the JSON keeps numbers). */
export function round(value: number, digits = 0): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

export function ratio(value: number, floor: number): number {
  return floor > 0 ? round(value / floor, 2) : Number.NaN;
}

export const bytesToMb = (bytes: number): number => round(bytes / (1024 * 1024), 1);
export const kbToMb = (kb: number): number => round(kb / 1024, 1);
