import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';
import { FIXTURE_POST_IDS, MOCK_TOKENS, MOCK_USER_IDS, TEST_API_BASE, db, server } from '../../support/mock-backend';

// No vitest globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

/** Direct reply items of a list, by the content each shows. */
function directReplies(list: HTMLElement): HTMLElement[] {
  return Array.from(list.querySelectorAll<HTMLElement>(':scope > li'));
}

function follows(a: HTMLElement, b: HTMLElement): boolean {
  return !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
}

describe('thread page', () => {
  it('shows the post, then its replies in id order, nested two levels and more', async () => {
    // 5 ← 6 ← 7 ← 10, and 5 ← 9.
    renderApp({ route: `/post/${FIXTURE_POST_IDS.replyChain[0]}`, token: MOCK_TOKENS.ada });

    await screen.findByRole('heading', { level: 1, name: 'Post by \u2068Ada Lovelace\u2069' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('\u2068Post by \u2068Ada Lovelace\u2069\u2069 · Social'));
    const main = screen.getByText('Poll: what is your favourite text editor? Reply below.');

    const top = await screen.findByRole('list', { name: 'Replies to \u2068Ada Lovelace\u2069' });
    const vim = await within(top).findByText('vim, obviously.');
    const undo = await within(top).findByText('Whatever has the best undo.');
    expect(follows(main, vim)).toBe(true);
    expect(follows(vim, undo)).toBe(true);
    expect(directReplies(top)).toHaveLength(2);

    // Level 2: under reply 6 (Bram), not beside it.
    const firstItem = directReplies(top)[0]!;
    const level2 = await within(firstItem).findByRole('list', { name: 'Replies to \u2068Bram\u2069' });
    const emacs = await within(level2).findByText('Emacs users are typing a reply to this reply as we speak.');
    expect(within(directReplies(top)[1]!).queryByText(emacs.textContent ?? '')).toBeNull();

    // Level 3: under reply 7 (Dalia).
    const level3 = await within(level2).findByRole('list', { name: 'Replies to \u2068داليا نصر\u2069' });
    await within(level3).findByText('Three levels deep and still civil. Nice.');
  });

  it('shows long nested lists in batches, and sends deeper replies to their own thread', async () => {
    // Reply 9 (Chen, depth 1) gets 8 replies; reply 10 (depth 3) gets one of its own.
    const answers = Array.from({ length: 8 }, (_, i) =>
      db.createPost(MOCK_USER_IDS.bram, { content: `Nested answer ${i + 1}`, parentId: 9 }),
    );
    db.createPost(MOCK_USER_IDS.chen, { content: 'Four levels down.', parentId: 10 });
    const { user } = renderApp({ route: '/post/5', token: MOCK_TOKENS.ada });

    const nested = await screen.findByRole('list', { name: 'Replies to \u2068Chen Wei 陈伟\u2069' });
    await within(nested).findByText('Nested answer 5');
    expect(within(nested).queryByText('Nested answer 6')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show 3 more replies' }));
    await within(nested).findByText('Nested answer 8');
    // Focus lands on the first reply revealed, not on the page body.
    expect(document.activeElement).toHaveAttribute('data-reply-id', String(answers[5]!.id));
    expect(screen.queryByRole('button', { name: /more repl/ })).toBeNull();

    const more = await screen.findByRole('link', { name: 'Continue this thread (1 reply)' });
    expect(more).toHaveAttribute('href', '#/post/10');
    expect(screen.queryByText('Four levels down.')).toBeNull();
  });

  it('links back to the parent post of a reply', async () => {
    renderApp({ route: '/post/7', token: MOCK_TOKENS.ada });
    const back = await screen.findByRole('link', { name: /Back to the parent post/ });
    expect(back).toHaveAttribute('href', '#/post/6');
  });

  it('links to no parent, and to no profile, when the parent id the server sends is not a post id', async () => {
    // A hostile or broken server: `../user/<uuid>` in a `/post/…` link would open a profile.
    const parent = `../user/${MOCK_USER_IDS.bram}`;
    server.use(
      http.get(`${TEST_API_BASE}/v2/post/7`, () =>
        HttpResponse.json({
          error: false,
          post: { id: '7', parent_id: parent, content: 'A reply with a strange parent.', from: 'web', lock: false, nsfw: false, edited: 0, date: 1_790_000_000, replies: [] },
          user: { uuid: MOCK_USER_IDS.ada, username: 'ada', displayname: 'Ada Lovelace', pfp: '' },
        }),
      ),
    );
    renderApp({ route: '/post/7', token: MOCK_TOKENS.ada });
    const card = (await screen.findByText('A reply with a strange parent.')).closest('article')!;
    expect(screen.queryByRole('link', { name: /Back to the parent post/ })).toBeNull();
    expect(within(card).queryByText(/Replying to/)).toBeNull();
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href') ?? '');
    expect(links.filter((href) => href.includes(MOCK_USER_IDS.bram) || href.includes('..'))).toEqual([]);
  });

  it('shows that replies are closed on a locked post', async () => {
    renderApp({ route: `/post/${FIXTURE_POST_IDS.lockedWithReply}`, token: MOCK_TOKENS.bram });
    await screen.findByText('Replies are closed: this post is locked.');
    // Replies written before the lock still show.
    await screen.findByText('Thanks for the heads-up! (sent before the lock)');
  });

  it('says nothing about closed replies on an open post', async () => {
    renderApp({ route: '/post/1', token: MOCK_TOKENS.ada });
    await screen.findByText('Welcome aboard!');
    expect(screen.queryByText(/Replies are closed/)).toBeNull();
  });

  it('shows a deleted post as deleted, with a way back to the feed', async () => {
    renderApp({ route: `/post/${FIXTURE_POST_IDS.deletedRun.from}`, token: MOCK_TOKENS.ada });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This post was deleted or never existed.');
    expect(within(alert).getByRole('link', { name: 'Go to the feed' })).toHaveAttribute('href', '#/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Post not found');
  });

  it('shows an address that holds no post id as not found, without a request', async () => {
    const seen: string[] = [];
    server.use(
      http.get(`${TEST_API_BASE}/v2/post/:id`, ({ params }) => {
        seen.push(String(params.id));
      }),
    );
    renderApp({ route: '/post/12abc', token: MOCK_TOKENS.ada });
    expect(await screen.findByRole('alert')).toHaveTextContent('This post was deleted or never existed.');
    expect(seen).toEqual([]);
  });

  it('sends a signed-out visitor to sign in', async () => {
    renderApp({ route: '/post/5' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
  });
});
