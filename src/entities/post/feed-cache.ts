/** What creating or deleting a post does to the feed's cache entries, and the highest id seen. */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { feedQueries, topOfFeed, type FeedPage } from './feed-queries';
import { updateThroughFetch } from '../../lib/update-through-fetch';
import { readKnownHead, rememberSeenId } from './known-head';

/** Changes the feed's pages, also when a page of it is being read (lib/update-through-fetch.ts). */
export function updateFeedPages(client: QueryClient, update: (data: InfiniteData<FeedPage>) => InfiniteData<FeedPage>): void {
  updateThroughFetch(client, feedQueries.pages().queryKey, update);
}

/** A post created or deleted here (not one another tab told of): app/tab-sync.ts tells the account's other tabs. */
export type FeedChange = { kind: 'created' | 'deleted'; id: string; fromAnotherTab: boolean };
const feedListeners = new Set<(change: FeedChange) => void>();

/** Calls `listener` for every post created or deleted through this module; returns the unsubscribe. */
export function onFeedChange(listener: (change: FeedChange) => void): () => void {
  feedListeners.add(listener);
  return () => feedListeners.delete(listener);
}
const changed = (change: FeedChange) => {
  for (const listener of [...feedListeners]) listener(change);
};

/**
 * A post the person just created (a reply too: the feed lists every post) goes on top of the feed at
 * once, with no scan. Where the feed's scan started (its first page's `from`) stays: a post by someone
 * else between that and this id is then found by the next check for new posts (feed-new-posts.tsx),
 * not skipped, and the check takes the created ones it meets as already shown.
 */
export function addCreatedPostToFeed(client: QueryClient, id: string, { fromAnotherTab = false } = {}): void {
  const n = Number(id);
  rememberSeenId(n);
  client.setQueryData(feedQueries.head().queryKey, (head) => (head === undefined ? head : Math.max(head, n)));
  updateFeedPages(client, (data) => {
    const first = data.pages[0];
    if (!first || first.ids.includes(id)) return data;
    const ids = newestFirst([id, ...first.ids]);
    return {
      pages: [{ ...first, ids }, ...data.pages.slice(1)],
      pageParams: [{ from: first.from, size: ids.length }, ...data.pageParams.slice(1)],
    };
  });
  changed({ kind: 'created', id, fromAnotherTab });
}

/** Post ids as the feed lists them: each once, the highest (newest) first. */
export function newestFirst(ids: readonly string[]): string[] {
  return [...new Set(ids)].sort((a, b) => Number(b) - Number(a));
}

/** A deleted post leaves every page of the feed. */
export function removePostFromFeed(client: QueryClient, id: string, { fromAnotherTab = false } = {}): void {
  updateFeedPages(client, (data) => ({ ...data, pages: data.pages.map((page) => ({ ...page, ids: page.ids.filter((x) => x !== id) })) }));
  changed({ kind: 'deleted', id, fromAnotherTab });
}

/** The highest post id this browser has seen, for a later postsAbove(). */
export function highestSeenId(client: QueryClient): number {
  return Math.max(readKnownHead(), topOfFeed(client), client.getQueryData(feedQueries.head().queryKey) ?? 0);
}
