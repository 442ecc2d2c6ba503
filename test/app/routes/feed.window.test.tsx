import { waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KNOWN_HEAD_KEY } from '../../../src/entities/post/known-head';
import { feedQueries } from '../../../src/entities/post/feed-queries';
import { KEEP_BELOW, MAX_FEED_POSTS } from '../../../src/features/posts/api/feed-window';
import { MOCK_TOKENS } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { fakeWindowScroll, findFeedList, idleAtOnce, recordRequests, serveManyPosts } from '../../support/feed-helpers';
import { moveClock, useTestClock } from '../../support/clock';

let scroller: ReturnType<typeof fakeWindowScroll>;
beforeEach(() => {
  scroller = fakeWindowScroll();
  idleAtOnce();
  // The trim waits for the reader to stop scrolling (2 s): the test moves the clock on instead.
  useTestClock();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const TOTAL = 600;
/** jsdom measures every post at the list's fixed figure (feed-list.tsx). */
const POST_PX = 180;

describe("the feed's window of pages (a day in one tab)", () => {
  it('lets the pages far below the screen go once the reader is back at the top, and reads them again, gap-free, on scrolling down', { timeout: 120_000 }, async () => {
    serveManyPosts(TOTAL);
    localStorage.setItem(KNOWN_HEAD_KEY, String(TOTAL));
    const { queryClient } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    const feed = await findFeedList();
    await within(feed).findByText(`Synthetic post ${TOTAL}`, {}, { timeout: 10_000 });
    const loaded = () => queryClient.getQueryData(feedQueries.pages().queryKey)?.pages.flatMap((page) => page.ids) ?? [];
    /** Scrolls to the end of what is loaded, page after page, until post `id` is loaded. */
    const scrollDownTo = async (id: number) => {
      while (!loaded().includes(String(id))) {
        await scroller.scroll(parseFloat(feed.style.height));
        await waitFor(() => expect(feed).toHaveAttribute('aria-busy', 'false'));
      }
    };

    // Far down: more than MAX_FEED_POSTS held, and all of them while the reader is down there.
    await scrollDownTo(TOTAL - MAX_FEED_POSTS - 60);
    await waitFor(() => expect(feed).toHaveAttribute('aria-busy', 'false'));
    const far = loaded().length;
    expect(far).toBeGreaterThan(MAX_FEED_POSTS + 40);
    // Still down there after the trim's pause: nothing goes.
    await moveClock(2_500);
    expect(loaded().length).toBeGreaterThanOrEqual(far);

    // Back at the top: what is on screen and KEEP_BELOW under it stay, the rest goes.
    await scroller.scroll(0);
    await moveClock(2_500);
    await waitFor(() => expect(loaded().length).toBeLessThan(KEEP_BELOW + 10));
    expect(loaded().length).toBeGreaterThan(KEEP_BELOW);
    expect(loaded()[0]).toBe(String(TOTAL));
    await waitFor(() => expect(parseFloat(feed.style.height)).toBe(loaded().length * POST_PX));
    expect(within(feed).getByText(`Synthetic post ${TOTAL}`)).toBeInTheDocument();

    // Scrolling down reads them again from the cut: every post, once, in order, from the cache.
    const requests = recordRequests();
    await scrollDownTo(TOTAL - MAX_FEED_POSTS - 20);
    requests.stop();
    const ids = loaded().map(Number);
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => TOTAL - i));
    expect(requests.seen.filter((line) => line.startsWith('GET /v2/post/'))).toEqual([]);
  });
});
