/**
 * Where you left off (issue 36, item 1): the feed opens at the newest post, and a line, "You're caught
 * up — seen before", sits above the first post the account had seen at its last visit, with the count
 * of what came since at the top ("2 new since your last visit"); one's own and muted posts do not
 * count. "Last seen" is the newest post on screen, per account, and only moves forward; the line stays
 * for the visit and moves at the next. Coming back to the tab after a while checks for new posts at once.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keyFor } from '../../support/account-data';
import { RETURN_AFTER_MS } from '../../../src/entities/post/tab-return';
import { db, MOCK_TOKENS, MOCK_USER_IDS } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { fakeWindowScroll, feedIds, showFeed } from '../../support/feed-helpers';

const LINE = 'You’re caught up — seen before';

beforeEach(() => {
  fakeWindowScroll();
});

afterEach(() => {
  setVisibility('visible');
  vi.useRealTimers();
});

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  window.dispatchEvent(new Event('visibilitychange'));
}

/** What ada had seen when she last left the feed, as the app keeps it. */
const adaLastSeen = (id: number) => localStorage.setItem(keyFor('ada', 'lastSeen'), String(id));
const storedLastSeen = () => localStorage.getItem(keyFor('ada', 'lastSeen'));

/** The article of post `id` in the feed. */
const articleOf = (id: number) => screen.getByRole('feed').querySelector<HTMLElement>(`article[data-post-id="${id}"]`)!;

describe('where you left off', () => {
  it('puts the line above the first post seen before and says how many came since; one’s own post does not count', async () => {
    // The seed's newest: 75 (ada's own), 74 (chen), 73 (mallory), 72 (dalia).
    adaLastSeen(72);
    renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    // The feed still opens at the newest post.
    expect(feedIds()[0]).toBe(75);
    await screen.findByText('2 new since your last visit');
    const line = await screen.findByRole('separator', { name: LINE });
    expect(line.closest('article')).toBe(articleOf(72));
    // In the article, before the post itself: read before it, and the feed holds articles only.
    expect(articleOf(72).firstElementChild).toBe(line);
    expect(screen.getAllByRole('separator', { name: LINE })).toHaveLength(1);
  });

  it('counts no muted post, and shows neither when only one’s own posts came since', async () => {
    localStorage.setItem(keyFor('ada', 'mutes'), JSON.stringify({ accounts: [{ uuid: MOCK_USER_IDS.mallory, username: 'mallory' }], words: [] }));
    adaLastSeen(72);
    const first = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    await screen.findByText('1 new since your last visit');
    expect((await screen.findByRole('separator', { name: LINE })).closest('article')).toBe(articleOf(72));
    first.unmount();

    localStorage.clear();
    adaLastSeen(74);
    renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    // Who ada is (her own 75) is known once who-am-I has answered.
    await screen.findByRole('link', { name: /Replies/ });
    await waitFor(() => expect(screen.queryByText(/since your last visit/)).not.toBeInTheDocument());
    expect(screen.queryByRole('separator', { name: LINE })).not.toBeInTheDocument();
  });

  it('keeps the newest post on screen as last seen, never moved back by a thread, and the line where it is for the visit', async () => {
    adaLastSeen(72);
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    await waitFor(() => expect(storedLastSeen()).toBe('75'));
    await screen.findByRole('separator', { name: LINE });

    // An older post's thread, opened from the feed, and back.
    await user.click(within(articleOf(69)).getByRole('link', { name: /^Open thread/ }));
    await screen.findByText('Who is around this weekend?');
    await waitFor(() => expect(window.location.hash).toBe('#/post/69'));
    expect(storedLastSeen()).toBe('75');
    await user.click(screen.getByRole('link', { name: 'Feed' }));
    await showFeed();
    // Still this visit: the line stays above 72.
    expect((await screen.findByRole('separator', { name: LINE })).closest('article')).toBe(articleOf(72));
    expect(storedLastSeen()).toBe('75');
  });

  it('coming back to the tab after a while finds what came meanwhile at once, and the line moves to this visit', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    adaLastSeen(75);
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    await waitFor(() => expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'false'));
    expect(screen.queryByRole('separator', { name: LINE })).not.toBeInTheDocument();
    // Let the first visit's checks settle, well inside the minute.
    await act(() => vi.advanceTimersByTimeAsync(5_000));

    setVisibility('hidden');
    await act(() => vi.advanceTimersByTimeAsync(RETURN_AFTER_MS));
    // Another account posts twice meanwhile: 78 and 79, past 76 and 77 (deleted), which only the full check reaches.
    db.createPost(MOCK_USER_IDS.bram, { content: 'Posted while ada was away' });
    db.createPost(MOCK_USER_IDS.chen, { content: 'And another one' });
    setVisibility('visible');
    // At once: not at the minute's check (20 s would not reach it).
    const pill = await screen.findByRole('button', { name: '2 new posts' });
    await user.click(pill);
    await screen.findByText('And another one');
    expect(feedIds().slice(0, 3)).toEqual([79, 78, 75]);
    expect((await screen.findByRole('separator', { name: LINE })).closest('article')).toBe(articleOf(75));
    await screen.findByText('2 new since your last visit');
  });
});
