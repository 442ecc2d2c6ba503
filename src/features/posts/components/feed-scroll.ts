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
