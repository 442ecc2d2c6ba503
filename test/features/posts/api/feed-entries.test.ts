import { afterEach, describe, expect, it } from 'vitest';
import { ENTRIES_KEY, MAX_FEED_ENTRIES, rememberFeedEntry } from '../../../../src/features/posts/api/feed-entries';
import { readFeedScroll } from '../../../../src/features/posts/components/feed-scroll';
import { saveFeedScroll, storeFeedMeasurements } from '../../../../src/features/posts/components/feed-place';

afterEach(() => sessionStorage.clear());

/** The reader opens the feed in a new history entry (a link to it), scrolls, and the page is hidden. */
function visit(entry: string) {
  rememberFeedEntry(entry);
  saveFeedScroll(entry, 900);
  storeFeedMeasurements(entry, [{ key: '12', size: 180, index: 0, start: 0, end: 180 }]);
}

describe('the places in the feed kept over a day in one tab', () => {
  it(`are those of the newest ${MAX_FEED_ENTRIES} history entries the feed was opened in; older ones lose both keys`, () => {
    for (let i = 1; i <= MAX_FEED_ENTRIES + 5; i += 1) visit(`entry-${i}`);
    const placeKeys = Object.keys(sessionStorage).filter((key) => /^social\.feed-(scroll|sizes):/.test(key));
    expect(placeKeys).toHaveLength(2 * MAX_FEED_ENTRIES);
    for (let i = 1; i <= 5; i += 1) {
      expect(readFeedScroll(`entry-${i}`)).toBe(0);
      expect(sessionStorage.getItem(`social.feed-sizes:entry-${i}`)).toBeNull();
    }
    expect(readFeedScroll('entry-6')).toBe(900);
    expect(JSON.parse(sessionStorage.getItem(ENTRIES_KEY)!)).toHaveLength(MAX_FEED_ENTRIES);
  });

  it('count an entry opened again (back to it) as the newest, and never drop the one in use', () => {
    for (let i = 1; i <= MAX_FEED_ENTRIES; i += 1) visit(`entry-${i}`);
    rememberFeedEntry('entry-1');
    visit('entry-new');
    expect(readFeedScroll('entry-1')).toBe(900);
    expect(readFeedScroll('entry-2')).toBe(0);
    expect(JSON.parse(sessionStorage.getItem(ENTRIES_KEY)!).slice(-2)).toEqual(['entry-1', 'entry-new']);
  });

  it('read a list of another shape as none', () => {
    sessionStorage.setItem(ENTRIES_KEY, '{"not": "a list"}');
    rememberFeedEntry('entry-a');
    expect(JSON.parse(sessionStorage.getItem(ENTRIES_KEY)!)).toEqual(['entry-a']);
  });
});
