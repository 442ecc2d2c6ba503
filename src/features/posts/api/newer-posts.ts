/** The feed's "new posts" check: what lies between the top of the feed and the head, and showing it. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { newestFirst, updateFeedPages } from '../../../entities/post/feed-cache';
import { FEED_GC_MS, feedQueries, PAGE_SIZE } from '../../../entities/post/feed-queries';
import { scanPage } from '../../../entities/post/feed-scan';
import { cachedFetcher, scanLimiter } from '../../../entities/post/scan-fetcher';

export interface NewerPosts {
  head: number;
  ids: string[];
  /** False when more posts were found than one page: they replace the feed instead of joining it. */
  complete: boolean;
  nextCursor: number | null;
}

/** Posts above the top of the feed, up to the head: most are already cached by the probes. */
export function newerPostsQuery(top: number, head: number) {
  return queryOptions({
    queryKey: [...feedQueries.all(), 'newer', top, head] as const,
    queryFn: async ({ client, signal }): Promise<NewerPosts> => {
      const page = await scanPage({
        from: head,
        size: PAGE_SIZE,
        floor: top,
        // Misses are asked again: an id that was free at the last check may hold a post now.
        fetchPost: cachedFetcher(client, false),
        limiter: scanLimiter,
        signal,
      });
      return { head, ids: page.items.map((post) => post.id), complete: page.nextCursor === null, nextCursor: page.nextCursor };
    },
    staleTime: Infinity,
    gcTime: FEED_GC_MS,
    // Each read retries itself (scan-fetcher.ts).
    retry: false,
  });
}

/** Puts newer posts at the top of the feed: joined to the first page, or replacing the feed when there is a gap. */
export function showNewerPosts(client: QueryClient, newer: NewerPosts): void {
  updateFeedPages(client, (data) => {
    const first = data.pages[0];
    if (!first) return data;
    if (!newer.complete) {
      return {
        pages: [{ ids: newer.ids, from: newer.head, nextCursor: newer.nextCursor }],
        pageParams: [{ from: newer.head, size: newer.ids.length }],
      };
    }
    // Posts created here are on the page already (feed-cache.ts), possibly above some of these.
    const ids = newestFirst([...newer.ids, ...first.ids]);
    return {
      pages: [{ ids, from: Math.max(newer.head, first.from), nextCursor: first.nextCursor }, ...data.pages.slice(1)],
      pageParams: [{ from: Math.max(newer.head, first.from), size: ids.length }, ...data.pageParams.slice(1)],
    };
  });
}
