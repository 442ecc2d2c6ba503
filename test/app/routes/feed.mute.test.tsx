import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { keyFor } from '../../support/account-data';
import { feedQueries } from '../../../src/entities/post/feed-queries';
import { KNOWN_HEAD_KEY } from '../../../src/entities/post/known-head';
import { http } from 'msw';
import { FIXTURE_POST_IDS, MOCK_TOKENS, MOCK_USER_IDS, server, TEST_API_BASE } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { fakeWindowScroll, feedIds, recordRequests, showFeed } from '../../support/feed-helpers';

beforeEach(() => {
  fakeWindowScroll();
});

/** What ada keeps muted on this device, as the store writes it (with the marker that some account mutes). */
function storeAdasMutes(mutes: { accounts?: { uuid: string; username: string }[]; words?: string[] }) {
  localStorage.setItem(keyFor('ada', 'mutes'), JSON.stringify({ accounts: mutes.accounts ?? [], words: mutes.words ?? [] }));
}

/** Records every post id the feed ever renders, until `stop`. */
function recordShown() {
  const shown = new Set<number>();
  const observer = new MutationObserver(() => {
    for (const article of document.querySelectorAll('[role="feed"] article[data-post-id]')) shown.add(Number(article.getAttribute('data-post-id')));
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return { shown, stop: () => observer.disconnect() };
}

describe('the feed with mutes', () => {
  it('never shows a muted account’s posts, nor posts with a muted word; one’s own stay', async () => {
    // chen wrote 74 and 70; 71 is bram's "New week, new playlist."; 75 is ada's own.
    storeAdasMutes({ accounts: [{ uuid: MOCK_USER_IDS.chen, username: 'chen_w' }], words: ['PLAYLIST', 'newest'] });
    const { shown, stop } = recordShown();
    try {
      renderApp({ route: '/', token: MOCK_TOKENS.ada });
      await showFeed();
      await waitFor(() => expect(feedIds().slice(0, 5)).toEqual([75, 73, 72, 69, 68]));
    } finally {
      stop();
    }
    // Not even for a moment.
    for (const id of [74, 71, 70]) expect(shown.has(id)).toBe(false);
  });

  it('waits for who-am-I before its first posts when this browser keeps mutes (a first load after signing in)', async () => {
    storeAdasMutes({ accounts: [{ uuid: MOCK_USER_IDS.chen, username: 'chen_w' }] });
    // This browser was used before: it remembers the newest post too, so the first page (75..66)
    // holds chen's 74. (A first visit's first page is 73 alone.)
    localStorage.setItem(KNOWN_HEAD_KEY, String(FIXTURE_POST_IDS.newest));
    // Who-am-I answers only once the feed's first page has been read many times over.
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(http.patch(`${TEST_API_BASE}/v2/profile`, async () => void (await answered)));
    const { shown, stop } = recordShown();
    try {
      const { queryClient } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
      // The first page is read: the posts are there to show, and the feed still waits.
      await waitFor(() => expect(queryClient.getQueryData(feedQueries.pages().queryKey)?.pages[0]?.ids).toContain('74'));
      expect(screen.queryByRole('feed')).toBeNull();
      release();
      await showFeed();
      await waitFor(() => expect(feedIds().slice(0, 2)).toEqual([75, 73]));
    } finally {
      stop();
    }
    expect(shown.has(74)).toBe(false);
  });

  it('drops a post whose author is muted from its actions, at once and without a request', async () => {
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    const feed = await showFeed();
    // 72 is dalia's "ok"; 68 is hers too.
    const card = await waitFor(() => {
      const article = feed.querySelector<HTMLElement>('article[data-post-id="72"]');
      expect(article).not.toBeNull();
      return article!;
    });
    const requests = recordRequests();
    await user.click(await within(card).findByRole('button', { name: 'Mute @\u2068dalia_n\u2069' }));
    await waitFor(() => expect(feedIds()).not.toContain(72));
    expect(feedIds()).not.toContain(68);
    // A visible notice says so, with Undo, and focus is on it, not at the page's start.
    const notice = (await screen.findByText('Muted @\u2068dalia_n\u2069. Their posts are hidden; Undo brings them back, and Settings lists everyone you muted.')).parentElement!;
    const undo = within(notice).getByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo).toHaveFocus());
    requests.stop();
    expect(requests.seen.filter((line) => !line.startsWith('GET '))).toEqual([]);
    expect(JSON.parse(localStorage.getItem(keyFor('ada', 'mutes')) ?? 'null')).toEqual({
      accounts: [{ uuid: MOCK_USER_IDS.dalia, username: 'dalia_n' }],
      words: [],
    });
  });

  it('Undo in the notice brings the muted posts back, with focus on the post', async () => {
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    const feed = await showFeed();
    const card = await waitFor(() => {
      const article = feed.querySelector<HTMLElement>('article[data-post-id="72"]');
      expect(article).not.toBeNull();
      return article!;
    });
    await user.click(await within(card).findByRole('button', { name: 'Mute @\u2068dalia_n\u2069' }));
    await waitFor(() => expect(feedIds()).not.toContain(72));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(feedIds()).toContain(72));
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-post-id', '72'));
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect((JSON.parse(localStorage.getItem(keyFor('ada', 'mutes')) ?? '{"accounts":[]}') as { accounts: unknown[] }).accounts).toEqual([]);
  });

  it('offers no mute on one’s own posts', async () => {
    renderApp({ route: '/', token: MOCK_TOKENS.ada });
    const feed = await showFeed();
    const own = within(feed).getByText(/Newest seed post/).closest('article')!;
    await within(own).findByRole('button', { name: 'Edit' });
    expect(within(own).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /^Mute/ })).toBeNull();
  });

  it('keeps one account’s mutes from another: bram sees chen’s posts that ada muted', async () => {
    storeAdasMutes({ accounts: [{ uuid: MOCK_USER_IDS.chen, username: 'chen_w' }] });
    renderApp({ route: '/', token: MOCK_TOKENS.bram });
    await showFeed();
    await waitFor(() => expect(feedIds().slice(0, 2)).toEqual([75, 74]));
  });
});
