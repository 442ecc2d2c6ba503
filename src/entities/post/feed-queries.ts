import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { settledWithin } from '../../lib/idle';
import { discoverHead, scanPage } from './feed-scan';
import { confirmHead, readKnownHead, rememberSeenId } from './known-head';
import { cachedFetcher, scanLimiter } from './scan-fetcher';

/** Small enough to arrive in two rounds of the limiter on a return visit (the 3-round budget). */
export const FIRST_PAGE_SIZE = 10;
/**
 * A first visit's first page: the candidate alone, shown as soon as the narrowing has read it (the
 * highest post found so far: reading-the-spec.md lets the first posts show before the tolerance
 * check). The posts below it were not read by the narrowing, so a page of three waited a round more
 * for them. The next page follows at once and fills the screen as it arrives.
 */
export const FIRST_VISIT_PAGE_SIZE = 1;
/**
 * A first page's reads before it shows what it has (two rounds of the limiter): on a return visit a
 * run of deleted posts just below the remembered head (14 of them cost 24 reads, four rounds, for
 * ten posts) then delays the page after it, not the first posts. Without a post yet it reads on.
 */
export const FIRST_PAGE_MAX_READS = 12;
export const PAGE_SIZE = 20;
/** Pages outlive a visit to a thread or profile, so going back restores them without requests. */
export const FEED_GC_MS = 30 * 60_000;
/** A head this recent is not probed again when the feed mounts (back from a thread). */
const HEAD_FRESH_MS = 30_000;
/**
 * Checks for new posts (every minute while the tab is visible), from the head known. A light one
 * reads the id after the head, every third check the two after it, and goes on only above a post
 * it finds (feed-scan's `near`): 1 or 2 requests while nothing is new, and per new post found one
 * more, plus the misses above the last. Every this many checks, and on coming back after a while
 * (head-poll.ts: a start, the tab shown again), the check is full: the 16 ids above the head (spec:
 * only 16 missing ids in a row end the feed), which finds a post past deleted ones (only every
 * third light check reaches past one).
 *
 * Why all 16, not a few probes spread over them: a post past deleted ids looks like no post from
 * every id but its own, so a probe finds it only by landing on it; ids being handed out in order
 * does not help, the deleted ones were handed out too. Reading all 16 each full check keeps the
 * spec's guarantee (found by the next full check at the latest), and the light checks pay for it:
 * the budget of 4 requests a minute (with the status ping's 1) is 30 reads in ten minutes, the
 * full check's 16 and the light ones' 12. Two ids every light check would make 34. Above the
 * posts a check finds, only the window's ids not yet read are read, and past six ids above the
 * head it gallops (feed-scan's `near`). A reload soon after a check goes on with light checks: the
 * page before it made the head restored with the cache (sessionStorage) a moment ago.
 */
export const FULL_CHECK_EVERY = 10;

export interface FeedPageParam {
  /** 'head': nothing is remembered yet, so the first page waits for the head discovery. */
  from: number | 'head';
  size: number;
  /** The first page's: at most this many reads once it has a post (FIRST_PAGE_MAX_READS). */
  maxReads?: number;
}

export interface FeedPage {
  ids: string[];
  /** The id this page started scanning at: for the first page, the top of the feed. */
  from: number;
  nextCursor: number | null;
}

function firstPageParam(start: number): FeedPageParam {
  const first: FeedPageParam = start > 0 ? { from: start, size: FIRST_PAGE_SIZE } : { from: 'head', size: FIRST_VISIT_PAGE_SIZE };
  return { ...first, maxReads: FIRST_PAGE_MAX_READS };
}

interface HeadChecks {
  /** Light checks since the last full one. */
  sinceFull: number;
  /** The next check is full (head-poll.ts: checkInFull). */
  full?: boolean;
  /** A check has run with this client (not only a head restored with the cache). */
  checked?: boolean;
  /** The discovery under way: what its narrowing pinned, before its tolerance check (the first page's start). */
  candidate?: Promise<number> | null;
  /** Resolves `candidate`: set with it. */
  announce?(id: number): void;
  /** Settles when the first page that waits for `candidate` has been read (or failed). */
  pageRead?: Promise<unknown> | null;
  /** Settles when a feed has painted posts, or found it has none to show (feedPainted). */
  painted: Promise<void>;
  markPainted(): void;
}

const checks = new WeakMap<QueryClient, HeadChecks>();

/** The checks of the head made with `client` (head-poll.ts marks the next one full and asks whether one ran). */
export function checksOf(client: QueryClient): HeadChecks {
  let state = checks.get(client);
  if (!state) {
    let markPainted!: () => void;
    const painted = new Promise<void>((resolve) => (markPainted = resolve));
    state = { sinceFull: 0, painted, markPainted };
    checks.set(client, state);
  }
  return state;
}

/** How long the tolerance check waits for a feed to paint the first page before going on anyway. */
const PAINT_WAIT_MS = 1_500;

/**
 * A feed calls this once it has painted posts: a first visit's tolerance check (16 requests and
 * their answers' main-thread work) waits for it, so it never delays the paint the reader waits for.
 */
export function feedPainted(client: QueryClient): void {
  checksOf(client).markPainted();
}

/** Settles once a feed has painted its first posts (or found it has none to show): feedPainted. */
export function whenFeedPainted(client: QueryClient): Promise<void> {
  return checksOf(client).painted;
}

/**
 * The first page of a first visit, from the narrowed head of the discovery under way (started if
 * need be), or from the head already known.
 */
async function firstPageFromHead(client: QueryClient, read: (from: number) => Promise<FeedPage>): Promise<FeedPage> {
  const state = checksOf(client);
  if (!state.candidate) state.candidate = new Promise<number>((resolve) => (state.announce = resolve));
  const page = Promise.race([client.fetchQuery({ ...feedQueries.head(), retry: false }), state.candidate]).then(read);
  state.pageRead = page.catch(() => undefined);
  return page;
}

/**
 * The newest id: a first discovery without a head known, else a check from it (FULL_CHECK_EVERY).
 */
async function checkHead(client: QueryClient, signal: AbortSignal): Promise<number> {
  const state = checksOf(client);
  const known = client.getQueryData(feedQueries.head().queryKey);
  const from = Math.max(readKnownHead(), topOfFeed(client), known ?? 0);
  const light = known !== undefined && !state.full && ++state.sinceFull < FULL_CHECK_EVERY;
  if (!light) state.sinceFull = 0;
  state.full = false;
  state.checked = true;
  if (!state.candidate) state.candidate = new Promise<number>((resolve) => (state.announce = resolve));
  const announce = state.announce!;
  try {
    const head = await discoverHead({
      from,
      fetchPost: cachedFetcher(client, false),
      limiter: scanLimiter,
      signal,
      near: known !== undefined,
      tolerance: light ? (state.sinceFull % 3 ? 1 : 2) : undefined,
      onCandidate: async (id) => {
        announce(id);
        // A first page waiting for this head is read before the check goes on, and shown: the
        // probes would otherwise take the slots its reads leave free and the moment between its
        // last answer and its render (more requests before the first post, which is what the
        // reader waits for). Query tells its observers in a task of its own, scheduled as the
        // page's answer is stored, and the feed renders from it; the second task comes after that.
        await state.pageRead;
        // And painted (feedPainted): the check's answers are main-thread work too, and would
        // otherwise run between the page's answer and the paint that shows its posts. Without a
        // feed on screen (the discovery started elsewhere) it goes on after a short wait.
        await settledWithin(state.painted, PAINT_WAIT_MS);
      },
      // From a known head the gallop's first round and the tolerance window cover the spec's rule;
      // a second round far above finds only what a run of 30+ deleted posts would hide.
      minRounds: from > 0 ? 1 : 2,
    });
    announce(head);
    confirmHead(head);
    return head;
  } finally {
    state.candidate = null;
    state.pageRead = null;
  }
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
      queryFn: ({ client, signal }) => checkHead(client, signal),
      staleTime: HEAD_FRESH_MS,
      gcTime: FEED_GC_MS,
      // Coming back to the tab, and the minute's check: head-poll.ts.
      refetchOnWindowFocus: false,
      // Each read retries itself (scan-fetcher.ts): a failure here is one that kept failing.
      retry: false,
    }),

  /**
   * The feed: pages of post ids, newest first. `start` (the remembered highest id) only matters
   * before the first page exists; with it the first page starts at once, without waiting for the head.
   */
  pages: (start: number = 0) =>
    infiniteQueryOptions({
      queryKey: [...feedQueries.all(), 'pages'] as const,
      queryFn: async ({ client, signal, pageParam }): Promise<FeedPage> => {
        const read = async (from: number): Promise<FeedPage> => {
          // A read that kept failing ends the page with the posts above it; the next page starts there.
          const page = await scanPage({
            from,
            size: pageParam.size,
            maxReads: pageParam.maxReads,
            fetchPost: cachedFetcher(client, true),
            limiter: scanLimiter,
            signal,
            partial: true,
          });
          // Once per page, not per post read: a storage write each.
          if (page.items[0]) rememberSeenId(Number(page.items[0].id));
          return { ids: page.items.map((post) => post.id), from, nextCursor: page.nextCursor };
        };
        // A first visit starts as soon as the narrowing has read the highest post it found; the
        // tolerance check above it follows, and what it finds comes as "new posts".
        return pageParam.from === 'head' ? firstPageFromHead(client, read) : read(pageParam.from);
      },
      initialPageParam: firstPageParam(start),
      getNextPageParam: (last): FeedPageParam | undefined =>
        last.nextCursor === null ? undefined : { from: last.nextCursor, size: PAGE_SIZE },
      // Posts are read from their own entries; the list of ids only grows at the top, by hand.
      staleTime: Infinity,
      gcTime: FEED_GC_MS,
      retry: false,
    }),
};
