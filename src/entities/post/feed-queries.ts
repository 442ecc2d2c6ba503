import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { discoverHead, scanPage } from './feed-scan';
import { confirmHead, readKnownHead } from './known-head';
import { cachedFetcher, scanLimiter } from './scan-fetcher';

/** Small enough to arrive in two rounds of the limiter on a return visit (the 3-round budget). */
export const FIRST_PAGE_SIZE = 10;
export const PAGE_SIZE = 20;
/** Pages outlive a visit to a thread or profile, so going back restores them without requests. */
export const FEED_GC_MS = 30 * 60_000;
/** A head this recent is not probed again when the feed mounts (back from a thread). */
const HEAD_FRESH_MS = 30_000;

export interface FeedPageParam {
  /** 'head': nothing is remembered yet, so the first page waits for the head discovery. */
  from: number | 'head';
  size: number;
}

export interface FeedPage {
  ids: string[];
  /** The id this page started scanning at: for the first page, the top of the feed. */
  from: number;
  nextCursor: number | null;
}

function firstPageParam(start: number): FeedPageParam {
  return { from: start > 0 ? start : 'head', size: FIRST_PAGE_SIZE };
}

/** The id the feed's first page starts at, 0 while there is no feed. */
export function topOfFeed(client: QueryClient): number {
  return client.getQueryData(feedQueries.pages().queryKey)?.pages[0]?.from ?? 0;
}

/**
 * The feed's cache entries. They live here, not in the feed feature, because creating and deleting
 * a post writes into them too (feed-cache.ts).
 */
export const feedQueries = {
  all: () => ['feed'] as const,

  /** The newest post id, probed upwards from the highest id known. Refetching it is the "new posts" check. */
  head: () =>
    queryOptions({
      queryKey: [...feedQueries.all(), 'head'] as const,
      queryFn: async ({ client, signal }) => {
        const from = Math.max(readKnownHead(), topOfFeed(client));
        const head = await discoverHead({ from, fetchPost: cachedFetcher(client, false), limiter: scanLimiter, signal });
        confirmHead(head);
        return head;
      },
      staleTime: HEAD_FRESH_MS,
      gcTime: FEED_GC_MS,
      // Coming back to the tab always checks; the interval is set by the feed.
      refetchOnWindowFocus: 'always',
    }),

  /**
   * The feed: pages of post ids, newest first. `start` (the remembered highest id) only matters
   * before the first page exists; with it the first page starts at once, without waiting for the head.
   */
  pages: (start: number = 0) =>
    infiniteQueryOptions({
      queryKey: [...feedQueries.all(), 'pages'] as const,
      queryFn: async ({ client, signal, pageParam }): Promise<FeedPage> => {
        const from = pageParam.from === 'head' ? await client.fetchQuery({ ...feedQueries.head(), retry: false }) : pageParam.from;
        const page = await scanPage({ from, size: pageParam.size, fetchPost: cachedFetcher(client, true), limiter: scanLimiter, signal });
        return { ids: page.items.map((post) => post.id), from, nextCursor: page.nextCursor };
      },
      initialPageParam: firstPageParam(start),
      getNextPageParam: (last): FeedPageParam | undefined =>
        last.nextCursor === null ? undefined : { from: last.nextCursor, size: PAGE_SIZE },
      // Posts are read from their own entries; the list of ids only grows at the top, by hand.
      staleTime: Infinity,
      gcTime: FEED_GC_MS,
    }),
};
