import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIRST_VISIT_PAGE_SIZE, PAGE_SIZE } from '../../../src/entities/post/feed-queries';
import { MOCK_TOKENS } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { fakeWindowScroll, recordRequests, showFeed } from '../../support/feed-helpers';

let scroller: ReturnType<typeof fakeWindowScroll>;
beforeEach(() => {
  scroller = fakeWindowScroll();
});

describe('going back to the feed', () => {
  it('restores the loaded pages and the scroll position without fetching them again', async () => {
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    const feed = await showFeed();
    // A first visit's short first page (73) brings the next one (72..53) in at once: let it land
    // first, below the 75 and 74 showFeed took from the pill.
    await waitFor(() => expect(feed.style.height).toBe(`${(2 + FIRST_VISIT_PAGE_SIZE + PAGE_SIZE) * 180}px`));
    await waitFor(() => expect(feed).toHaveAttribute('aria-busy', 'false'));
    await user.click(screen.getByRole('button', { name: 'Load more posts' }));
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-post-id', '52'));
    await scroller.scroll(2_000);
    const article = await within(screen.getByRole('feed')).findByText('Quiet day.');

    const requests = recordRequests();
    article.closest('article')!.focus();
    await user.keyboard('o');
    await waitFor(() => expect(window.location.hash).toBe('#/post/58'));
    expect(screen.queryByRole('feed')).not.toBeInTheDocument();
    // The thread page may be shorter: the browser clamps the scroll.
    await scroller.scroll(0);
    scroller.scrollTo.mockClear();

    await act(async () => window.history.back());
    await waitFor(() => expect(window.location.hash).toBe('#/'));
    const restored = await screen.findByRole('feed', { name: 'Posts' });
    expect(scroller.scrollTo).toHaveBeenCalledWith({ top: 2_000 });
    await within(restored).findByText('Quiet day.');
    // All three pages and the two posts taken from the pill are still there (the last page ends at
    // post 15), and nothing was fetched for them.
    expect(screen.getByRole('button', { name: 'Load more posts' })).toBeInTheDocument();
    expect(restored.style.height).toBe(`${(2 + FIRST_VISIT_PAGE_SIZE + 2 * PAGE_SIZE) * 180}px`);
    expect(requests.seen.filter((line) => line.startsWith('GET /v2/post/'))).toEqual([]);
    requests.stop();
  });
});
