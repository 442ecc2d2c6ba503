/**
 * The count in the tab (issue 36, item 2): the title starts with "(N) " while N things wait for the
 * person, new posts behind the feed's "new posts" button plus unseen replies to them, and falls as
 * they are shown or seen; the icon has a dot meanwhile. No request of its own.
 */
import type { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { feedQueries } from '../../src/entities/post/feed-queries';
import { checkInFull } from '../../src/entities/post/head-poll';
import { writeRepliesState } from '../../src/entities/replies/replies-store';
import { DOTTED_ICON } from '../../src/lib/tab-count';
import { idOf } from '../support/account-data';
import { db, MOCK_TOKENS, MOCK_USER_IDS } from '../support/mock-backend';
import { renderApp } from '../support/render-app';
import { fakeWindowScroll, showFeed } from '../support/feed-helpers';

const PLAIN_ICON = './favicon.svg';
let icon: HTMLLinkElement;

beforeEach(() => {
  fakeWindowScroll();
  document.title = 'Social';
  icon = document.createElement('link');
  icon.rel = 'icon';
  icon.setAttribute('href', PLAIN_ICON);
  document.head.append(icon);
});

afterEach(() => {
  icon.remove();
  document.title = '';
});

/** Two posts by others, found by a check (the minute's, or one on coming back to the tab). */
async function twoPostsArrive(queryClient: QueryClient) {
  await waitFor(() => expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'false'));
  await waitFor(() => expect(queryClient.isFetching({ queryKey: feedQueries.head().queryKey })).toBe(0));
  db.createPost(MOCK_USER_IDS.chen, { content: 'Breaking: the kettle boiled' });
  db.createPost(MOCK_USER_IDS.dalia, { content: 'And the tea is ready' });
  // In full: 78 and 79 lie past 76 and 77, deleted.
  checkInFull(queryClient);
  await act(() => queryClient.refetchQueries({ queryKey: feedQueries.head().queryKey }));
}

describe('the count in the tab', () => {
  it('reads "(2) …" while two posts wait behind the button, on every page, and falls when they are shown', async () => {
    const { user, queryClient } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    expect(document.title).toBe('Social');
    await twoPostsArrive(queryClient);
    await screen.findByRole('button', { name: '2 new posts' });
    await waitFor(() => expect(document.title).toBe('(2) Social'));
    expect(icon.getAttribute('href')).toBe(DOTTED_ICON);

    // Another page sets its own title: the count stays in front of it, and in front of the feed's again.
    await user.click(screen.getByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(document.title).toBe('(2) Settings · Social'));
    await user.click(screen.getByRole('link', { name: 'Feed' }));
    await waitFor(() => expect(document.title).toBe('(2) Social'));

    await user.click(await screen.findByRole('button', { name: '2 new posts' }));
    await screen.findByText('And the tea is ready');
    await waitFor(() => expect(document.title).toBe('Social'));
    expect(icon.getAttribute('href')).toBe(PLAIN_ICON);
  });

  it('counts unseen replies to you too, and falls as they are seen', async () => {
    const ada = idOf('ada');
    writeRepliesState(ada, {
      own: ['75', '69'],
      replies: [
        { id: '70', parent: '69', seen: false },
        { id: '60', parent: '69', seen: true },
      ],
      // Replies up to 77 found from now on existed before: seen.
      since: 77,
      baseline: false,
    });
    const { user, queryClient } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    await waitFor(() => expect(document.title).toBe('(1) Social'));
    await twoPostsArrive(queryClient);
    await waitFor(() => expect(document.title).toBe('(3) Social'));
    // Opening Replies marks them seen.
    await user.click(screen.getByRole('link', { name: /^Replies/ }));
    await waitFor(() => expect(document.title).toBe('(2) Replies · Social'));
  });
});
