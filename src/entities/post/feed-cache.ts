/** What creating or deleting a post does to the feed's cache entries, and the highest id seen. */
import type { QueryClient } from '@tanstack/react-query';
import { feedQueries, topOfFeed } from './feed-queries';
import { readKnownHead, rememberSeenId } from './known-head';

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

/** The highest post id this browser has seen, for a later postsAbove(). */
export function highestSeenId(client: QueryClient): number {
  return Math.max(readKnownHead(), topOfFeed(client), client.getQueryData(feedQueries.head().queryKey) ?? 0);
}
