import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KNOWN_HEAD_KEY } from '../../../src/entities/post/known-head';
import { scanLimiter } from '../../../src/entities/post/scan-fetcher';
import { db, FIXTURE_POST_IDS, MOCK_TOKENS, MOCK_USER_IDS, server, TEST_API_BASE } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { showFeed } from '../../support/feed-helpers';
import { keyFor, storedFor } from '../../support/account-data';
import { logRequests } from '../../support/request-log';

afterEach(() => cleanup());

const nav = () => screen.getByRole('navigation', { name: 'Main' });
/** The feed's card of post `id`; throws while it is not rendered (yet), so waitFor asks again. */
const feedPost = (id: string) => {
  const article = document.querySelector<HTMLElement>(`[role="feed"] article[data-post-id="${id}"]`);
  if (!article) throw new Error(`post ${id} is not in the feed`);
  return article;
};

/** Its Save toggle, looked up afresh until there: the card may render (or render again) after the feed shows. */
function saveButton(id: string) {
  return waitFor(() => within(feedPost(id)).getByRole('button', { name: /^Save post$|^Saved, remove from saved$/ }));
}

describe('saved posts', () => {
  it('saves two posts from the feed without a request, lists them on Saved (most recently saved first) after a reload; another account has none', async () => {
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    const first = await saveButton('74');
    // Both cards on screen (the feed's second page brings 72) before requests are counted.
    const second = await saveButton('72');
    expect(first).toHaveAttribute('aria-pressed', 'false');
    const requests = logRequests();
    await user.click(first);
    await user.click(second);
    expect(first).toHaveAccessibleName('Saved, remove from saved');
    expect(first).toHaveAttribute('aria-pressed', 'true');
    expect(requests.filter((r) => r.method !== 'GET' || /\/post\/(74|72)$/.test(r.url.pathname))).toEqual([]);
    expect(storedFor('ada', 'saved')).toEqual(['72', '74']);

    // A reload: the same account's Saved, opened from the header.
    cleanup();
    const again = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    await again.user.click(within(nav()).getByRole('link', { name: 'Saved' }));
    await screen.findByRole('heading', { level: 1, name: 'Saved posts' });
    const list = await screen.findByRole('list', { name: 'Saved posts, most recently saved first' });
    await within(list).findByText(db.post(74)!.content);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('article')?.getAttribute('data-post-id'))).toEqual(['72', '74']);
    expect(within(items[0]!).getByRole('link', { name: /Open thread/ })).toHaveAttribute('href', '#/post/72');
    expect(document.title).toBe('Saved · Social');

    // Unsaved from the page: it leaves the list and storage.
    await again.user.click(await within(items[0]!).findByRole('button', { name: 'Saved, remove from saved' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(storedFor('ada', 'saved')).toEqual(['74']);

    // Another account on this browser: nothing saved.
    cleanup();
    renderApp({ route: '/saved', token: MOCK_TOKENS.bram });
    await screen.findByText('Nothing saved yet');
  });

  it('s saves the post holding focus, and again unsaves it', async () => {
    // A return visit: nothing holds focus when the feed shows (taking a first visit's offer of new
    // posts focuses the first of them), so j puts it on the first post.
    localStorage.setItem(KNOWN_HEAD_KEY, String(FIXTURE_POST_IDS.newest));
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    await saveButton('75');
    await user.keyboard('j');
    await waitFor(() => expect(document.activeElement?.getAttribute('data-post-id')).toBe('75'));
    await user.keyboard('s');
    expect(storedFor('ada', 'saved')).toEqual(['75']);
    expect(within(feedPost('75')).getByRole('button', { name: 'Saved, remove from saved' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('s');
    expect(localStorage.getItem(keyFor('ada', 'saved'))).toBeNull();
  });

  it('a saved post that was deleted says so, and Remove takes it off the list', async () => {
    // 31–48 are deleted in the seed.
    localStorage.setItem(keyFor('ada', 'saved'), JSON.stringify(['31']));
    const { user } = renderApp({ route: '/saved', token: MOCK_TOKENS.ada });
    await screen.findByText('This post was deleted');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await screen.findByText('Nothing saved yet');
    expect(localStorage.getItem(keyFor('ada', 'saved'))).toBeNull();
  });

  it('reads the saved posts it has not cached at low priority, in the scans’ shared slots (the feed and threads first)', async () => {
    localStorage.setItem(keyFor('ada', 'saved'), JSON.stringify(['73', '60']));
    const run = vi.spyOn(scanLimiter, 'run');
    renderApp({ route: '/saved', token: MOCK_TOKENS.ada });
    await screen.findByText(db.post(73)!.content);
    await screen.findByText(db.post(60)!.content);
    expect(run.mock.calls.filter(([, priority]) => priority === 'low')).toHaveLength(2);
  });

  it('a saved post that cannot be read shows an error with Try again; stored junk counts as nothing saved', async () => {
    localStorage.setItem(keyFor('ada', 'saved'), JSON.stringify(['74']));
    let fail = true;
    server.use(http.get(`${TEST_API_BASE}/v2/post/74`, () => (fail ? HttpResponse.json({ error: true, reason: 'Shard 3 is rebooting' }, { status: 500 }) : undefined)));
    const { user } = renderApp({ route: '/saved', token: MOCK_TOKENS.ada });
    const retry = await screen.findByRole('button', { name: /Try again/ }, { timeout: 10_000 });
    expect(screen.getByText('Could not load this saved post')).toBeInTheDocument();
    fail = false;
    await user.click(retry);
    await screen.findByText(db.post(74)!.content);

    cleanup();
    localStorage.setItem(keyFor('ada', 'saved'), '{"__proto__":["1"],"ids":"<script>"}');
    renderApp({ route: '/saved', token: MOCK_TOKENS.ada });
    await screen.findByText('Nothing saved yet');
    await act(async () => {});
  });

  it('a saved post from an account ada muted, or with a word she muted, folds to one line until Show', async () => {
    const chen = db.post(74)!;
    localStorage.setItem(keyFor('ada', 'mutes'), JSON.stringify({ accounts: [{ uuid: MOCK_USER_IDS.chen, username: 'chen_w' }], words: [] }));
    localStorage.setItem(keyFor('ada', 'saved'), JSON.stringify(['74']));
    const { user } = renderApp({ route: '/saved', token: MOCK_TOKENS.ada });
    await screen.findByText('A post from an account you muted');
    expect(screen.queryByText(chen.content)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByText(chen.content);
  });
});
