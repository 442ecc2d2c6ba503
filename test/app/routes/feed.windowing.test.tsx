import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KNOWN_HEAD_KEY } from '../../../src/entities/post/known-head';
import { MOCK_TOKENS } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { fakeWindowScroll, findFeedList, idleAtOnce, serveManyPosts } from '../../support/feed-helpers';

let scroller: ReturnType<typeof fakeWindowScroll>;
beforeEach(() => {
  scroller = fakeWindowScroll();
  // Each of the 21 pages is loaded from an idle callback: 200 ms apiece on jsdom's fallback timer.
  idleAtOnce();
});
afterEach(() => vi.unstubAllGlobals());

/**
 * Ten times the most articles the DOM may hold at once (below), and past the feed's trim threshold
 * (MAX_FEED_POSTS, 200): enough to show the list is windowed. Its cost grows with every post (a read,
 * a render and a measure apiece): at 1,050 this one test took 20 s of a Vitest worker (issue 37).
 * The bench scrolls 1,000 posts in a real browser.
 */
const TOTAL = 420;

describe('the windowed feed', () => {
  it('keeps the DOM small while scrolling through 420 posts, loading as it goes', { timeout: 60_000 }, async () => {
    serveManyPosts(TOTAL);
    localStorage.setItem(KNOWN_HEAD_KEY, String(TOTAL));
    renderApp({ route: '/', token: MOCK_TOKENS.ada });
    const feed = await findFeedList();
    await within(feed).findByText(`Synthetic post ${TOTAL}`);

    let most = 0;
    while (!screen.queryByText("You've reached the first post")) {
      // Scrolling to the end of what is loaded brings the next page in.
      await scroller.scroll(parseFloat(feed.style.height));
      await waitFor(() => expect(feed).toHaveAttribute('aria-busy', 'false'));
      // Every <article> in the DOM, shown or not: what "small" is about. (getAllByRole would also
      // check each one's visibility, a getComputedStyle per ancestor: a third of this test's time.)
      most = Math.max(most, feed.querySelectorAll('article').length);
    }
    await scroller.scrollToEndUntil('Synthetic post 1');
    const last = within(feed).getAllByRole('article').at(-1)!;
    expect(last).toHaveAttribute('aria-posinset', String(TOTAL));
    expect(feed.style.height).toBe(`${TOTAL * 180}px`);
    expect(most).toBeLessThan(40);
  });
});
