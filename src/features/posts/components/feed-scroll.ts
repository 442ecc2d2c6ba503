/**
 * Where the reader was in the feed, per history entry: the scroll offset and the measured post
 * sizes, so the windowed list lays itself out exactly as it was before the first paint and the same
 * post is at the same place. Both in sessionStorage (they survive a reload of the tab). Here their
 * keys and the offset's reading: the feed reads it at start (is there a place to go back to?).
 * What only the windowed list does, writing them and reading the sizes, comes with its code
 * (feed-place.ts).
 */
import { safeStorage } from '../../../lib/safe-storage';

export const storage = safeStorage('session');

export function storageKey(entryKey: string): string {
  return `social.feed-scroll:${entryKey}`;
}

export function sizesKey(entryKey: string): string {
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

