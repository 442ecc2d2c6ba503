/**
 * Where the reader was in the feed, per history entry: the scroll offset and the measured post
 * sizes, so the windowed list lays itself out exactly as it was before the first paint and the same
 * post is at the same place. Both in sessionStorage (they survive a reload of the tab); the sizes
 * also in memory, read first (back from a thread), written to storage when the page is hidden.
 */
import { safeStorage } from '../../../lib/safe-storage';
import type { VirtualItem } from '../../../lib/window-virtualizer';

const storage = safeStorage('session');
const measurements = new Map<string, VirtualItem[]>();
const MAX_REMEMBERED = 20;

function storageKey(entryKey: string): string {
  return `social.feed-scroll:${entryKey}`;
}

function sizesKey(entryKey: string): string {
  return `social.feed-sizes:${entryKey}`;
}

/**
 * The router's key for a history entry the app did not push itself: the entry a visit opens on. A
 * reload or back/forward to it keeps its place; a new visit (the address typed, a bookmark, a link)
 * opens a new entry under the same key, and must open at the top, with the newest posts. So the
 * offset an earlier visit left under this key is dropped once, when this document was a new visit;
 * what this visit saves under it afterwards (scrolled, then back from a thread) is its own.
 */
const FIRST_ENTRY_KEY = 'default';
if (freshVisit()) {
  storage.remove(storageKey(FIRST_ENTRY_KEY));
  storage.remove(sizesKey(FIRST_ENTRY_KEY));
}

function freshVisit(): boolean {
  const [entry] = typeof performance.getEntriesByType === 'function' ? performance.getEntriesByType('navigation') : [];
  return (entry as PerformanceNavigationTiming | undefined)?.type === 'navigate';
}

export function readFeedScroll(entryKey: string): number {
  const raw = storage.get(storageKey(entryKey));
  const offset = raw === null ? 0 : Number(raw);
  return Number.isFinite(offset) && offset > 0 ? offset : 0;
}

export function saveFeedScroll(entryKey: string, offset: number): void {
  storage.set(storageKey(entryKey), String(Math.max(0, Math.round(offset))));
}

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
