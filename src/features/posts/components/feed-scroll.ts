/**
 * Where the reader was in the feed, per history entry: the scroll offset in sessionStorage (it
 * survives a reload of the tab) and the measured item sizes in memory (so the windowed list lays
 * itself out exactly as it was before the first paint).
 */
import { safeStorage } from '../../../lib/safe-storage';
import type { VirtualItem } from '../../../lib/window-virtualizer';

const storage = safeStorage('session');
const measurements = new Map<string, VirtualItem[]>();
const MAX_REMEMBERED = 20;

function storageKey(entryKey: string): string {
  return `social.feed-scroll:${entryKey}`;
}

/**
 * The router's key for a history entry the app did not push itself: the entry a visit opens on. A
 * reload or back/forward to it keeps its place; a new visit (the address typed, a bookmark, a link)
 * opens a new entry under the same key, and must open at the top, with the newest posts. So the
 * offset an earlier visit left under this key is dropped once, when this document was a new visit;
 * what this visit saves under it afterwards (scrolled, then back from a thread) is its own.
 */
const FIRST_ENTRY_KEY = 'default';
if (freshVisit()) storage.remove(storageKey(FIRST_ENTRY_KEY));

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

export function readFeedMeasurements(entryKey: string): VirtualItem[] | undefined {
  return measurements.get(entryKey);
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
