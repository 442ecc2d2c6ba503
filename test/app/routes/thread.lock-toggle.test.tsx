import { screen, waitFor, within } from '@testing-library/react';
import { delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { MOCK_TOKENS, db } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import {
  ADA_ROOT,
  countPostAnswers,
  failWith,
  findCard,
  gate,
  holdPostGets,
  lockBadge,
  repliesClosed,
  replyBox,
  spyOnUpdate,
} from '../../support/actions-helpers';

async function openOwnThread() {
  const page = renderApp({ route: `/post/${ADA_ROOT}`, token: MOCK_TOKENS.ada });
  const card = await findCard(ADA_ROOT);
  await within(card).findByRole('button', { name: 'Lock' });
  return { ...page, card };
}

describe('locking one’s own post', () => {
  it('shows the lock before the server answers, then closes and reopens replies', async () => {
    const held = gate();
    const patches = spyOnUpdate({ hold: held.wait });
    const { user, card } = await openOwnThread();
    expect(replyBox()).toBeInTheDocument();
    expect(lockBadge(card)).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Lock' }));
    // Optimistic: on screen while the request is still held, with the server unchanged.
    await within(card).findByText('Locked: replies are closed');
    expect(within(card).getByRole('button', { name: 'Unlock' })).toBeInTheDocument();
    expect(repliesClosed()).toBeInTheDocument();
    expect(replyBox()).toBeNull();
    expect(db.post(ADA_ROOT)?.lock).toBe(false);
    expect(patches[0]?.body).toEqual({ token: MOCK_TOKENS.ada, content: null, lock: true, nsfw: null });

    held.open();
    await waitFor(() => expect(db.post(ADA_ROOT)?.lock).toBe(true));
    expect(lockBadge(card)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Unlock' }));
    await screen.findByRole('textbox', { name: 'Your reply' });
    expect(repliesClosed()).toBeNull();
    expect(lockBadge(card)).toBeNull();
    await waitFor(() => expect(db.post(ADA_ROOT)?.lock).toBe(false));
  });

  it('rolls the lock back and says why when the server fails', async () => {
    const held = gate();
    spyOnUpdate({ hold: held.wait, respond: failWith(500, 'Database is on fire') });
    const { user, card } = await openOwnThread();
    // The refetch after the failure is held too: what the screen shows next is the rollback's doing.
    const refetch = gate();
    holdPostGets(ADA_ROOT, refetch.wait);

    await user.click(within(card).getByRole('button', { name: 'Lock' }));
    await within(card).findByText('Locked: replies are closed');
    held.open();

    expect(await within(card).findByRole('alert')).toHaveTextContent('The change was undone: The server had a problem answering.');
    expect(lockBadge(card)).toBeNull();
    expect(within(card).getByRole('button', { name: 'Lock' })).toBeInTheDocument();
    expect(replyBox()).toBeInTheDocument();
    expect(db.post(ADA_ROOT)?.lock).toBe(false);
    refetch.open();
  });

  it('explains a refusal (403) and rolls the change back', async () => {
    spyOnUpdate({ respond: failWith(403, 'You are not the author of this post') });
    const { user, card } = await openOwnThread();
    const refetch = gate();
    holdPostGets(ADA_ROOT, refetch.wait);

    await user.click(within(card).getByRole('button', { name: 'Lock' }));
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('The server refused: only the author can change this post.');
    expect(alert).toHaveTextContent('You are not the author of this post');
    expect(lockBadge(card)).toBeNull();
    expect(within(card).getByRole('button', { name: 'Lock' })).toBeInTheDocument();
    expect(db.post(ADA_ROOT)?.lock).toBe(false);
    refetch.open();
  });

  it('ends in the state the server holds after rapid toggles', async () => {
    // The second request (an unlock) reaches the server last: it holds the final say, although
    // the person's last click asked for a lock.
    const second = gate();
    const patches = spyOnUpdate({ hold: (n) => (n === 2 ? second.wait() : delay(50)) });
    const answered = countPostAnswers('PATCH');
    const { user, card } = await openOwnThread();

    for (let i = 0; i < 5; i += 1) {
      await user.click(within(card).getByRole('button', { name: /^(Lock|Unlock)$/ }));
    }
    // In click order. The last click's request leaves in a task of its own (and the mock reads its
    // body asynchronously), so it may reach the server after the click has returned.
    await waitFor(() => expect(patches.map((p) => p.body?.lock)).toEqual([true, false, true, false, true]));

    await waitFor(() => expect(answered()).toBe(4));
    second.open();
    // Wait until the server has applied all five, then for the screen to follow it.
    await waitFor(() => expect(answered()).toBe(5));
    expect(db.post(ADA_ROOT)?.lock).toBe(false);
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Lock' })).toBeInTheDocument());
    expect(lockBadge(card)).toBeNull();
    expect(replyBox()).toBeInTheDocument();
    expect(repliesClosed()).toBeNull();
    expect(within(card).queryByRole('alert')).toBeNull();
  });
});
