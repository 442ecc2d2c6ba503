/**
 * What the windowed list keeps of the reader's place (feed-scroll.ts has the keys and reads the
 * offset): the offset as it scrolls, and the measured post sizes, in memory (read first: back from
 * a thread) and in sessionStorage (written when the page is hidden).
 */
import type { VirtualItem } from '../../../lib/window-virtualizer';
import { sizesKey, storage, storageKey } from './feed-scroll';

export function saveFeedScroll(entryKey: string, offset: number): void {
  storage.set(storageKey(entryKey), String(Math.max(0, Math.round(offset))));
}

const measurements = new Map<string, VirtualItem[]>();
const MAX_REMEMBERED = 20;

/** Sizes kept through a reload: [post id, px] pairs, at most this many (the posts read so far). */
const MAX_STORED_SIZES = 500;

export function readFeedMeasurements(entryKey: string): VirtualItem[] | undefined {
  const known = measurements.get(entryKey);
  if (known) return known;
  try {
    const pairs: unknown = JSON.parse(storage.get(sizesKey(entryKey)) ?? '[]');
    if (!Array.isArray(pairs)) return undefined;
    // Only the key and size are read back (window-virtualizer); anything malformed is skipped.
    return pairs
      .filter((pair): pair is [string, number] => Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'number' && pair[1] > 0)
      .map(([key, size], index) => ({ key, size, index, start: 0, end: 0 }));
  } catch {
    return undefined;
  }
}

/** When the page is hidden (a reload, a closed tab, another app): the sizes outlive this document. */
export function storeFeedMeasurements(entryKey: string, items: VirtualItem[]): void {
  const pairs = items.slice(0, MAX_STORED_SIZES).map((item) => [String(item.key), Math.round(item.size)]);
  storage.set(sizesKey(entryKey), JSON.stringify(pairs));
}

export function saveFeedMeasurements(entryKey: string, items: VirtualItem[]): void {
  measurements.delete(entryKey);
  measurements.set(entryKey, items);
  // A Map iterates in insertion order: drop the oldest entries.
  for (const key of measurements.keys()) {
    if (measurements.size <= MAX_REMEMBERED) break;
    measurements.delete(key);
  }
}
