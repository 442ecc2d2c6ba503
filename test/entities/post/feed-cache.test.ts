/**
 * Changes made to the feed's cached pages while a page of it is being read. Query adds a page it
 * read to the pages as they were when the read started: without care, a post deleted meanwhile came
 * back with the page (a full run once showed post 75 on screen after its delete, its dialog offering
 * Delete again), and a post created or shown meanwhile left the feed.
 */
import { InfiniteQueryObserver, onlineManager, type QueryClient } from '@tanstack/react-query';
import { describe, expect, it, onTestFinished } from 'vitest';
import { addCreatedPostToFeed, removePostFromFeed } from '../../../src/entities/post/feed-cache';
import { feedQueries, type FeedPage, type FeedPageParam } from '../../../src/entities/post/feed-queries';
import { showNewerPosts } from '../../../src/features/posts/api/newer-posts';
import { testQueryClient } from '../../support/query-client';

const PAGES: Record<number, FeedPage> = {
  75: { ids: ['75', '74', '73'], from: 75, nextCursor: 72 },
  72: { ids: ['72', '71', '70'], from: 72, nextCursor: 69 },
};

/** How many of the cache's subscriptions made from now on are still open. */
function openSubscriptions(client: QueryClient): () => number {
  const cache = client.getQueryCache();
  const subscribe = cache.subscribe.bind(cache);
  let open = 0;
  cache.subscribe = (listener) => {
    open += 1;
    const stop = subscribe(listener);
    return () => {
      open -= 1;
      stop();
    };
  };
  return () => open;
}

/** A feed whose first page is in the cache and whose second page is being read until `land()`. */
async function feedReadingItsSecondPage({ offline = false } = {}) {
  const client = testQueryClient();
  let land = () => {};
  let markAsked = () => {};
  const asked = new Promise<void>((resolve) => (markAsked = resolve));
  const observer = new InfiniteQueryObserver(client, {
    ...feedQueries.pages(75),
    queryFn: ({ pageParam }: { pageParam: FeedPageParam }) => {
      const page = PAGES[pageParam.from as number]!;
      if (pageParam.from === 75) return Promise.resolve(page);
      return new Promise<FeedPage>((resolve) => {
        land = () => resolve(page);
        markAsked();
      });
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  await observer.refetch();
  const open = openSubscriptions(client);
  if (offline) {
    // Mounted, as QueryClientProvider does: the client resumes paused fetches when the network is back.
    client.mount();
    onTestFinished(() => client.unmount());
    onlineManager.setOnline(false);
    onTestFinished(() => onlineManager.setOnline(true));
  }
  const second = observer.fetchNextPage();
  await Promise.resolve();
  expect(client.getQueryState(feedQueries.pages().queryKey)?.fetchStatus).toBe(offline ? 'paused' : 'fetching');
  return {
    client,
    open,
    async land() {
      onlineManager.setOnline(true);
      await asked;
      land();
      await second;
      unsubscribe();
    },
  };
}

const idsIn = (client: QueryClient) => client.getQueryData(feedQueries.pages().queryKey)?.pages.flatMap((page) => page.ids);

describe('the feed’s cache, changed while a page is being read', () => {
  it('a post deleted meanwhile stays gone when the page lands', async () => {
    const feed = await feedReadingItsSecondPage();
    removePostFromFeed(feed.client, '74');
    expect(idsIn(feed.client)).toEqual(['75', '73']);
    await feed.land();
    expect(idsIn(feed.client)).toEqual(['75', '73', '72', '71', '70']);
    expect(feed.open(), 'what waited for the read').toBe(0);
  });

  it('the same when the read waits for the network to come back', async () => {
    const feed = await feedReadingItsSecondPage({ offline: true });
    removePostFromFeed(feed.client, '74');
    await feed.land();
    expect(idsIn(feed.client)).toEqual(['75', '73', '72', '71', '70']);
    expect(feed.open()).toBe(0);
  });

  it('a post created meanwhile stays on top when the page lands', async () => {
    const feed = await feedReadingItsSecondPage();
    addCreatedPostToFeed(feed.client, '76');
    await feed.land();
    expect(idsIn(feed.client)).toEqual(['76', '75', '74', '73', '72', '71', '70']);
  });

  it('new posts shown meanwhile stay shown when the page lands', async () => {
    const feed = await feedReadingItsSecondPage();
    showNewerPosts(feed.client, { head: 77, ids: ['77', '76'], complete: true, nextCursor: null });
    await feed.land();
    expect(idsIn(feed.client)).toEqual(['77', '76', '75', '74', '73', '72', '71', '70']);
  });

  it('a change made when nothing is being read is made once, and nothing follows it', async () => {
    const feed = await feedReadingItsSecondPage();
    await feed.land();
    removePostFromFeed(feed.client, '71');
    expect(idsIn(feed.client)).toEqual(['75', '74', '73', '72', '70']);
    expect(feed.open()).toBe(0);
  });
});
