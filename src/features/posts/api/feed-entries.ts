/**
 * Which history entries' places in the feed are kept (issue 38, "memory that stays flat"): every
 * entry the feed is opened in (a link to the feed, not the back button) leaves its scroll offset
 * and, after a reload, its posts' sizes in sessionStorage (feed-scroll.ts), and a tab open all day
 * opens many. The newest MAX_FEED_ENTRIES are listed under `social.feed-entries`; an entry that
 * falls off the list loses both keys, so going that far back opens the feed at the top, as a new
 * visit does. Loaded with the feed's later part (feed-visit.tsx), not in the first load.
 */
import { safeStorage } from '../../../lib/safe-storage';

export const ENTRIES_KEY = 'social.feed-entries';
/**
 * As many as feed-scroll.ts keeps measured sizes for in memory (its MAX_REMEMBERED): twenty
 * feed entries back is further than anyone goes with the back button.
 */
export const MAX_FEED_ENTRIES = 20;

const storage = safeStorage('session');

function listed(): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.get(ENTRIES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

/** The feed is open in history entry `entryKey`: it becomes the newest listed, and the oldest beyond MAX_FEED_ENTRIES are forgotten. */
export function rememberFeedEntry(entryKey: string): void {
  const entries = [...listed().filter((key) => key !== entryKey), entryKey];
  for (const gone of entries.splice(0, Math.max(0, entries.length - MAX_FEED_ENTRIES))) {
    // feed-scroll.ts's keys, named here rather than imported: an import would put a function of
    // this chunk's into the feed's first load (feed-entries.test.ts writes them through
    // feed-place.ts).
    storage.remove(`social.feed-scroll:${gone}`);
    storage.remove(`social.feed-sizes:${gone}`);
  }
  storage.set(ENTRIES_KEY, JSON.stringify(entries));
}
