import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { KEEP_BELOW, MAX_FEED_POSTS, trimFeed, trimFeedPages } from '../../../../src/features/posts/api/feed-window';
import { testQueryClient } from '../../../support/query-client';
import { feedQueries, type FeedPage, type FeedPageParam } from '../../../../src/entities/post/feed-queries';

/** A feed of `sizes.length` pages of consecutive ids from `top` down, as the scan makes them. */
function feedOf(top: number, sizes: number[]): InfiniteData<FeedPage, FeedPageParam> {
  const pages: FeedPage[] = [];
  const pageParams: FeedPageParam[] = [];
  let from = top;
  for (const size of sizes) {
    const ids = Array.from({ length: size }, (_, i) => String(from - i));
    pages.push({ ids, from, nextCursor: from - size > 0 ? from - size : null });
    pageParams.push({ from, size });
    from -= size;
  }
  return { pages, pageParams };
}
const allIds = (data: InfiniteData<FeedPage, FeedPageParam> | undefined) => data?.pages.flatMap((page) => page.ids) ?? [];

describe("the feed's window of pages", () => {
  it('keeps every page while the feed holds MAX_FEED_POSTS or fewer, wherever the reader is', () => {
    const data = feedOf(1000, Array<number>(MAX_FEED_POSTS / 20).fill(20));
    expect(trimFeedPages(data, '1000')).toBe(data);
  });

  it('drops the pages far below the screen, ending the cut page at its last post kept with the next id as its cursor', () => {
    // A first page grown by 143 new posts shown at the top, then twelve pages read below it.
    const data = feedOf(2000, [153, ...Array<number>(12).fill(20)]);
    const trimmed = trimFeedPages(data, '1995')!;
    const ids = allIds(trimmed);
    // On screen down to the sixth post, and KEEP_BELOW under it.
    expect(ids).toEqual(allIds(data).slice(0, 6 + KEEP_BELOW));
    expect(trimmed.pages).toHaveLength(1);
    expect(trimmed.pages[0]).toMatchObject({ from: 2000, nextCursor: 2000 - ids.length });
    expect(trimmed.pageParams).toEqual([{ from: 2000, size: ids.length }]);
  });

  it('keeps whole pages when the cut falls on a page boundary, and never anything above the screen', () => {
    const data = feedOf(500, Array<number>(15).fill(20));
    // The reader at the last post of the third page: 60 on screen and above, then 100 below.
    const trimmed = trimFeedPages(data, '441')!;
    expect(trimmed.pages).toEqual(data.pages.slice(0, 8));
    expect(trimmed.pageParams).toEqual(data.pageParams.slice(0, 8));
    expect(allIds(trimmed)[0]).toBe('500');
  });

  it('keeps everything while the reader is near the bottom of what is loaded, or not in the feed', () => {
    const data = feedOf(500, Array<number>(15).fill(20));
    expect(trimFeedPages(data, '250')).toBe(data);
    expect(trimFeedPages(data, '9999')).toBe(data);
    expect(trimFeedPages(data, undefined)).toBe(data);
    expect(trimFeedPages(undefined, '500')).toBeUndefined();
  });

  it('gives the last page no cursor when the cut leaves nothing below it', () => {
    const data = feedOf(KEEP_BELOW + 150, [KEEP_BELOW + 150]);
    const trimmed = trimFeedPages(data, String(KEEP_BELOW + 150))!;
    expect(trimmed.pages[0]!.ids).toHaveLength(KEEP_BELOW + 1);
    expect(trimmed.pages[0]!.nextCursor).toBe(149);
  });
});

describe('trimFeed, on the cached feed', () => {
  it("says 'busy' and leaves the pages while one is being read, then trims, then has nothing left to trim", () => {
    const client = testQueryClient();
    const { queryKey } = feedQueries.pages();
    const data = feedOf(1000, Array<number>(15).fill(20));
    client.setQueryData(queryKey, data);
    const query = client.getQueryCache().find({ queryKey, exact: true })!;
    query.setState({ fetchStatus: 'fetching' });
    expect(trimFeed(client, '1000')).toBe('busy');
    expect(client.getQueryData(queryKey)).toBe(data);
    query.setState({ fetchStatus: 'idle' });
    expect(trimFeed(client, '1000')).toBe('trimmed');
    expect(allIds(client.getQueryData(queryKey))).toHaveLength(1 + KEEP_BELOW);
    expect(trimFeed(client, '1000')).toBe('kept');
  });

  it("says 'kept' with no feed in the cache", () => {
    expect(trimFeed(testQueryClient(), '1')).toBe('kept');
  });
});
