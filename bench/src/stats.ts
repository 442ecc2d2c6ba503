/** Small numeric helpers for the report. */

export function median(values: readonly number[]): number | null {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Rounded to 0.1 (ms figures); null stays null. */
export function round1(value: number | null | undefined): number | null {
  return value === null || value === undefined || !Number.isFinite(value) ? null : Math.round(value * 10) / 10;
}

/** The median of non-null samples, rounded; null when there are none. */
export function medianOf(values: ReadonlyArray<number | null>): number | null {
  return round1(median(values.filter((v): v is number => v !== null)));
}
