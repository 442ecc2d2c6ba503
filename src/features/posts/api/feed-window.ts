/**
 * The feed's window of pages (issue 38, "memory that stays flat"): a tab left open all day gathers
 * new posts at the top (six a minute is 8,640 a day) and pages below as the reader scrolls, and every
 * id the feed holds costs a measured size in the windowed list, its place in the persisted cache
 * (written again on every change) and, while it lives, its post's cache entry. So once the feed holds
 * more than MAX_FEED_POSTS, the pages far below the screen go: the feed keeps what is on screen and
 * KEEP_BELOW posts under it, and the page the cut falls in ends at the last post kept, with the next
 * id as its cursor. Scrolling down reads them again from there (their posts usually still cached, so
 * with no request: the scan reads each from the cache first). Nothing above the screen ever goes, so
 * nothing on screen moves; what goes is out of sight, many screens down.
 *
 * Loaded with the feed's later part (feed-visit.tsx), after the first posts: never in the first load.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { feedQueries, PAGE_SIZE, type FeedPage, type FeedPageParam } from '../../../entities/post/feed-queries';

/**
 * Trimmed only above this many posts (ten pages): a reader who scrolls a few pages down and back
 * reads nothing again, and the feed's own budgets (its scroll bench: 1,000 posts in one go) are
 * untouched while the reader is at the bottom of what is loaded.
 */
export const MAX_FEED_POSTS = 10 * PAGE_SIZE;
/**
 * Posts kept under the last one on screen: five pages, far more than one fling of a wheel or a
 * thumb scrolls before the next page would have been asked for anyway (the list asks three posts
 * before its end).
 */
export const KEEP_BELOW = 5 * PAGE_SIZE;
/** After the reader stops scrolling this long: a trim never runs in the middle of a scroll. */
export const TRIM_AFTER_MS = 2_000;

type FeedData = InfiniteData<FeedPage, FeedPageParam>;

/**
 * The feed's pages without those far below `lastInView` (the id of the lowest post on screen): the
 * same object when nothing needs to go (MAX_FEED_POSTS or fewer, or the reader near the bottom of
 * what is loaded, or `lastInView` not in the feed).
 */
export function trimFeedPages(data: FeedData | undefined, lastInView: string | undefined): FeedData | undefined {
  if (!data || lastInView === undefined) return data;
  const total = data.pages.reduce((n, page) => n + page.ids.length, 0);
  if (total <= MAX_FEED_POSTS) return data;
  let index = -1;
  let before = 0;
  for (const page of data.pages) {
    const at = page.ids.indexOf(lastInView);
    if (at >= 0) {
      index = before + at;
      break;
    }
    before += page.ids.length;
  }
  if (index < 0) return data;
  const keep = index + 1 + KEEP_BELOW;
  if (keep >= total) return data;

  const pages: FeedPage[] = [];
  const pageParams: FeedPageParam[] = [];
  let kept = 0;
  for (const [i, page] of data.pages.entries()) {
    const room = keep - kept;
    if (room <= 0) break;
    const param = data.pageParams[i] as FeedPageParam;
    if (page.ids.length <= room) {
      pages.push(page);
      pageParams.push(param);
      kept += page.ids.length;
      continue;
    }
    // The page the cut falls in ends at its last post kept; the next page starts below that post.
    const ids = page.ids.slice(0, room);
    const last = Number(ids[ids.length - 1]);
    pages.push({ ...page, ids, nextCursor: last > 1 ? last - 1 : null });
    pageParams.push({ ...param, size: ids.length });
    kept += ids.length;
  }
  return { pages, pageParams };
}

/**
 * Trims the feed's cached pages (trimFeedPages) to what `lastInView` leaves, unless a page is being
 * read (its answer would be added to the pages as they were when it started): 'busy' then, to be
 * tried again later; else whether it trimmed.
 */
export function trimFeed(client: QueryClient, lastInView: string | undefined): 'trimmed' | 'kept' | 'busy' {
  const { queryKey } = feedQueries.pages();
  const query = client.getQueryCache().find({ queryKey, exact: true });
  if (!query) return 'kept';
  if (query.state.fetchStatus !== 'idle') return 'busy';
  const data = client.getQueryData<FeedData>(queryKey);
  const trimmed = trimFeedPages(data, lastInView);
  if (trimmed === data) return 'kept';
  client.setQueryData(queryKey, trimmed);
  return 'trimmed';
}
