import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api/api-error';
import type { Post } from '../../lib/api/schemas';
import { createLimiter } from '../../lib/limiter';
import { discoverHead, scanPage, type FetchPost } from './feed-scan';
import { confirmHead, readKnownHead, rememberSeenId } from './known-head';
import { postQueries } from './queries';

/** Small enough to arrive in two rounds of the limiter on a return visit (the 3-round budget). */
export const FIRST_PAGE_SIZE = 10;
export const PAGE_SIZE = 20;
/** Pages outlive a visit to a thread or profile, so going back restores them without requests. */
const FEED_GC_MS = 30 * 60_000;
/** While paging down, a 404 this recent is not asked again; looking above the top always asks. */
const MISS_REUSE_MS = 60_000;
/** A head this recent is not probed again when the feed mounts (back from a thread). */
const HEAD_FRESH_MS = 30_000;
/** How many of the newest posts postsAbove() reads at most. */
const LANDED_SCAN_LIMIT = 40;

/** Every scan request of the app shares these six slots. */
const scanLimiter = createLimiter();

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

export type FeedData = InfiniteData<FeedPage, FeedPageParam>;

export interface NewerPosts {
  head: number;
  ids: string[];
  /** False when more posts were found than one page: they replace the feed instead of joining it. */
  complete: boolean;
  nextCursor: number | null;
}

const isMissing = (error: unknown) => isApiError(error) && error.kind === 'not_found';

/**
 * Every post found lands in postQueries.detail(id), the entry the thread and profile read too.
 * `retryEach`: for a scan that no query runs (postsAbove), each read retries on its own instead.
 */
function cachedFetcher(client: QueryClient, reuseMisses: boolean, retryEach = false): FetchPost<Post> {
  return async (id) => {
    const detail = postQueries.detail(String(id));
    const state = client.getQueryState(detail.queryKey);
    const recentMiss =
      state?.status === 'error' && isMissing(state.error) && Date.now() - state.errorUpdatedAt < MISS_REUSE_MS;
    if (reuseMisses && recentMiss) return null;
    try {
      // No retry per post: the page or head query that runs the scan retries as a whole (its
      // posts already fetched are cached), so failures are not retried inside retries.
      const post = await client.fetchQuery(retryEach ? detail : { ...detail, retry: false });
      rememberSeenId(id);
      return post;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
}

function firstPageParam(start: number): FeedPageParam {
  return { from: start > 0 ? start : 'head', size: FIRST_PAGE_SIZE };
}

function topOfFeed(client: QueryClient): number {
  return client.getQueryData(feedQueries.pages().queryKey)?.pages[0]?.from ?? 0;
}

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

  /** Posts above the top of the feed, up to the head: most are already cached by the probes. */
  newer: (top: number, head: number) =>
    queryOptions({
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
    }),
};

/** Puts newer posts at the top of the feed: joined to the first page, or replacing the feed when there is a gap. */
export function showNewerPosts(client: QueryClient, newer: NewerPosts): void {
  client.setQueryData(feedQueries.pages().queryKey, (data) => {
    const first = data?.pages[0];
    if (!data || !first) return data;
    if (!newer.complete) {
      return {
        pages: [{ ids: newer.ids, from: newer.head, nextCursor: newer.nextCursor }],
        pageParams: [{ from: newer.head, size: newer.ids.length }],
      };
    }
    const ids = [...newer.ids.filter((id) => !first.ids.includes(id)), ...first.ids];
    return {
      pages: [{ ids, from: Math.max(newer.head, first.from), nextCursor: first.nextCursor }, ...data.pages.slice(1)],
      pageParams: [{ from: Math.max(newer.head, first.from), size: ids.length }, ...data.pageParams.slice(1)],
    };
  });
}

/** A top-level post the person just created goes on top of the feed, with no scan. */
export function addCreatedPostToFeed(client: QueryClient, id: string): void {
  const n = Number(id);
  rememberSeenId(n);
  client.setQueryData(feedQueries.head().queryKey, (head) => (head === undefined ? head : Math.max(head, n)));
  client.setQueryData(feedQueries.pages().queryKey, (data) => {
    const first = data?.pages[0];
    if (!data || !first || first.ids.includes(id)) return data;
    const from = Math.max(first.from, n);
    return {
      pages: [{ ...first, ids: [id, ...first.ids], from }, ...data.pages.slice(1)],
      pageParams: [{ from, size: first.ids.length + 1 }, ...data.pageParams.slice(1)],
    };
  });
}

/** A deleted post leaves every page of the feed. */
export function removePostFromFeed(client: QueryClient, id: string): void {
  client.setQueryData(feedQueries.pages().queryKey, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, ids: page.ids.filter((x) => x !== id) })) } : data,
  );
}

/**
 * Every post above `floor` up to the current head, fetched fresh (a write that may have landed is
 * being looked for, so nothing cached counts). Used to check whether an unconfirmed create arrived.
 */
export async function postsAbove(client: QueryClient, floor: number, signal?: AbortSignal): Promise<Post[]> {
  // No query retries this scan as a whole, so each read retries itself: without that, one failed
  // read among the ~17 probes fails the whole check, and under a flaky network the composer could
  // never tell whether an unconfirmed post arrived ("Check again" forever).
  const fetchPost = cachedFetcher(client, false, true);
  const head = await discoverHead({ from: floor, fetchPost, limiter: scanLimiter, signal, priority: 'high' });
  if (head <= floor) return [];
  // A post created a moment ago sits near the head: the newest few dozen are enough to look at.
  const page = await scanPage({ from: head, size: Math.min(head - floor, LANDED_SCAN_LIMIT), floor, fetchPost, limiter: scanLimiter, signal });
  return page.items;
}

/** The highest post id this browser has seen, for a later postsAbove(). */
export function highestSeenId(client: QueryClient): number {
  return Math.max(readKnownHead(), topOfFeed(client), client.getQueryData(feedQueries.head().queryKey) ?? 0);
}
