import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { readRepliesState, writeRepliesState } from '../../../src/entities/replies/replies-store';
import { db, MOCK_TOKENS, MOCK_USER_IDS, server, TEST_API_BASE } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { showFeed } from '../../support/feed-helpers';
import { idOf } from '../../support/account-data';

afterEach(() => cleanup());

const nav = () => screen.getByRole('navigation', { name: 'Main' });

async function goTo(route: string) {
  await act(async () => {
    window.location.hash = `#${route}`;
  });
}

describe('replies to you', () => {
  it('counts a reply by another account once it lands, lists it on the Replies page, and stays seen after a reload', async () => {
    // Not the first time here: the baseline was taken, ada's post 75 is known as hers.
    writeRepliesState(idOf('ada'), { own: ['75'], replies: [], since: 77, baseline: false });
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    expect(within(nav()).getByRole('link', { name: 'Replies' })).toBeInTheDocument();
    const reply = db.createPost(MOCK_USER_IDS.chen, { content: 'Chen answers your newest post', parentId: 75 });

    // The reply lands in the cache (here: its thread is opened; the feed's checks do the same).
    await goTo(`/post/${reply.id}`);
    await screen.findByText('Chen answers your newest post');
    const link = await within(nav()).findByRole('link', { name: 'Replies, 1 new' });
    expect(link).toHaveTextContent('1');

    await user.click(link);
    await screen.findByRole('heading', { level: 1, name: 'Replies to you' });
    const list = await screen.findByRole('list', { name: 'Replies, newest first' });
    const item = within(list).getAllByRole('listitem')[0]!;
    expect(within(item).getByText('Chen answers your newest post')).toBeInTheDocument();
    expect(within(item).getByText('New')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Open the thread' })).toHaveAttribute('href', `#/post/${reply.id}`);
    // A line of the post it answers, linked to it.
    expect(await within(item).findByRole('link', { name: /Newest seed post/ })).toHaveAttribute('href', '#/post/75');
    // Said once: not "Replying to @ada" again under "In reply to …".
    expect(item).toHaveTextContent(/In reply to/);
    expect(item).not.toHaveTextContent(/Replying to/);
    await waitFor(() => expect(within(nav()).getByRole('link', { name: 'Replies' })).toBeInTheDocument());
    expect(readRepliesState(idOf('ada'))?.replies).toContainEqual({ id: String(reply.id), parent: '75', seen: true });

    cleanup();
    renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    expect(within(nav()).getByRole('link', { name: 'Replies' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: /new/ })).not.toBeInTheDocument();
  });

  it('the first time for an account, replies that already exist count as seen, and are listed', async () => {
    renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    // The baseline is taken once the feed has found the newest post: what exists now counts as seen.
    await waitFor(() => expect(readRepliesState(idOf('ada'))?.baseline).toBe(false), { timeout: 3_000 });
    expect(readRepliesState(idOf('ada'))!.replies.filter((reply) => !reply.seen)).toEqual([]);
    expect(within(nav()).getByRole('link', { name: 'Replies' })).toBeInTheDocument();

    // An old reply read later (chen's 18 answers ada's post 1, in its thread) is listed, not new.
    await goTo('/post/1');
    await screen.findByText(db.post(18)!.content);
    await waitFor(() => expect(readRepliesState(idOf('ada'))!.replies).toContainEqual({ id: '18', parent: '1', seen: true }));
    expect(within(nav()).getByRole('link', { name: 'Replies' })).toBeInTheDocument();
    await goTo('/replies');
    const list = await screen.findByRole('list', { name: 'Replies, newest first' });
    await within(list).findByText(db.post(18)!.content);
    expect(within(list).queryByText('New')).not.toBeInTheDocument();
  });

  it('opened first on a new browser, it looks through the newest posts itself and lists the replies there; "Look further back" finds older ones', async () => {
    // The seed: replies to ada by others are 70 (to 69), 56 (55), 18 (1), 13 (12), 9 and 6 (5); the
    // newest post is 75, and 31–48 are deleted.
    const { user } = renderApp({ route: '/replies', token: MOCK_TOKENS.ada });
    await screen.findByRole('heading', { level: 1, name: 'Replies to you' });
    const list = await screen.findByRole('list', { name: 'Replies, newest first' }, { timeout: 5_000 });
    await within(list).findByText(db.post(70)!.content);
    await within(list).findByText(db.post(56)!.content);
    // The first visit's first page, 73 alone, then a page of twenty: 73 to 53. (75 and 74, which the
    // check above 73 read, are looked at as every post read is, and are not counted here: they
    // are not in the feed's pages until the feed's pill is pressed.)
    await screen.findByText('Looked for replies in the newest 21 posts.');
    expect(within(list).queryByText(db.post(18)!.content)).not.toBeInTheDocument();
    // They existed before this browser knew the account: listed, not new.
    expect(within(list).queryByText('New')).not.toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Replies' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Look further back' }));
    // Twenty more, past the deleted ones: 52 to 49, then 30 to 15.
    await screen.findByText('Looked for replies in the newest 41 posts.', undefined, { timeout: 5_000 });
    await within(list).findByText(db.post(18)!.content);
    expect(within(list).queryByText(db.post(13)!.content)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Look further back' }));
    await screen.findByText(/^Looked for replies in all \d+ posts\.$/, undefined, { timeout: 5_000 });
    for (const id of [13, 9, 6]) await within(list).findByText(db.post(id)!.content);
    expect(screen.queryByRole('button', { name: 'Look further back' })).not.toBeInTheDocument();
    expect(readRepliesState(idOf('ada'))!.replies.map((reply) => reply.id)).toEqual(['70', '56', '18', '13', '9', '6']);
  });

  it('says what failed when the posts cannot be read, and tries again', async () => {
    let down = true;
    server.use(http.get(`${TEST_API_BASE}/v2/post/:id`, () => (down ? HttpResponse.json({ error: true, reason: 'Down for maintenance' }, { status: 503 }) : undefined)));
    const { user } = renderApp({ route: '/replies', token: MOCK_TOKENS.ada });
    const alert = await screen.findByRole('alert', undefined, { timeout: 8_000 });
    expect(alert).toHaveTextContent('Could not look through the posts');
    expect(alert).toHaveTextContent('The server had a problem answering.');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Looked for replies in the newest 21 posts.', undefined, { timeout: 5_000 });
    await screen.findByText(db.post(70)!.content);
  });

  it('says "No replies yet" when there are none', async () => {
    writeRepliesState(idOf('chen_w'), { own: [], replies: [], since: 77, baseline: false });
    renderApp({ route: '/replies', token: MOCK_TOKENS.chen });
    await screen.findByText('No replies yet');
  });

  it('is not offered signed out', async () => {
    renderApp({ route: '/' });
    await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav()).queryByRole('link', { name: /Replies/ })).not.toBeInTheDocument();
  });
});
