import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moveClock, useTestClock } from '../../support/clock';
import { MOCK_TOKENS, db } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import {
  ADA_REPLY_TO_DALIA,
  ADA_ROOT,
  DALIA_PARENT,
  adaReply,
  countPostGets,
  failWith,
  findCard,
  queryCard,
  repliesHeading,
  spyOnDelete,
} from '../../support/actions-helpers';

type Page = ReturnType<typeof renderApp>;

async function openDeleteDialog(user: Page['user'], card: HTMLElement) {
  await user.click(await within(card).findByRole('button', { name: 'Delete' }));
  return screen.getByRole('dialog', { name: 'Delete this post?' });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('deleting one’s own post', () => {
  it('asks first: a dialog with focus inside, and Escape cancels with nothing deleted', async () => {
    const deletes = spyOnDelete();
    const { user } = renderApp({ route: `/post/${ADA_ROOT}`, token: MOCK_TOKENS.ada });
    const card = await findCard(ADA_ROOT);
    const dialog = await openDeleteDialog(user, card);

    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(within(dialog).getByRole('textbox', { name: 'Reason (optional)' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Delete' })).toHaveFocus();
    expect(deletes).toHaveLength(0);
    expect(db.post(ADA_ROOT)).toBeDefined();
  });

  it('sends the reason, goes back where the person came from, and the parent no longer lists it', async () => {
    const deletes = spyOnDelete();
    const { user } = renderApp({ route: `/post/${DALIA_PARENT}`, token: MOCK_TOKENS.ada });
    const reply = await findCard(ADA_REPLY_TO_DALIA);
    await user.click(within(reply).getByRole('link', { name: 'Open thread: 0 replies' }));
    await screen.findByRole('heading', { level: 1, name: 'Post by \u2068Ada Lovelace\u2069' });

    const dialog = await openDeleteDialog(user, await findCard(ADA_REPLY_TO_DALIA));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'off topic');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await screen.findByRole('heading', { level: 1, name: 'Post by \u2068داليا نصر\u2069' });
    expect(window.location.hash).toBe(`#/post/${DALIA_PARENT}`);
    await waitFor(() => expect(repliesHeading()).toHaveTextContent('No replies yet'));
    expect(queryCard(ADA_REPLY_TO_DALIA)).toBeNull();
    expect(screen.queryByText('Three levels deep and still civil. Nice.')).toBeNull();

    expect(deletes).toEqual([{ id: String(ADA_REPLY_TO_DALIA), body: { reason: 'off topic' } }]);
    expect(db.post(ADA_REPLY_TO_DALIA)).toBeUndefined();
    expect(db.post(DALIA_PARENT)?.replies).toEqual([]);
  });

  it('leaves a thread that was opened directly once its post is deleted', async () => {
    const { user } = renderApp({ route: `/post/${ADA_ROOT}`, token: MOCK_TOKENS.ada });
    const dialog = await openDeleteDialog(user, await findCard(ADA_ROOT));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(window.location.hash).toBe('#/'));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Post by \u2068Ada Lovelace\u2069' })).toBeNull());
    expect(queryCard(ADA_ROOT)).toBeNull();
    expect(db.post(ADA_ROOT)).toBeUndefined();
  });

  it('removes a reply deleted from its card in the parent thread, without refetching the thread', async () => {
    useTestClock();
    const mine = adaReply(ADA_ROOT);
    const { user } = renderApp({ route: `/post/${ADA_ROOT}`, token: MOCK_TOKENS.ada });
    const card = await findCard(mine.id);
    await findCard(9);
    expect(repliesHeading()).toHaveTextContent('3 replies');
    // Every reply on the page has loaded, the nested ones too (10, under 7): a read still on its
    // way when the count starts would be counted as a refetch.
    await waitFor(() => expect(document.querySelector('li.reply[aria-busy="true"]')).toBeNull());
    expect(queryCard(10)).toBeInTheDocument();
    const gets = countPostGets();

    const dialog = await openDeleteDialog(user, card);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(queryCard(mine.id)).toBeNull());
    expect(await screen.findByText('Post deleted.')).toBeVisible();
    // Focus on the reply now in its place, not the page's start.
    await waitFor(() => expect(document.activeElement?.closest('article')).not.toBeNull());
    expect(repliesHeading()).toHaveTextContent('2 replies');
    expect(screen.getByRole('heading', { level: 1, name: 'Post by \u2068Ada Lovelace\u2069' })).toBeInTheDocument();
    expect(queryCard(6)).toBeInTheDocument();
    expect(queryCard(9)).toBeInTheDocument();
    expect(db.post(mine.id)).toBeUndefined();
    expect(db.post(ADA_ROOT)?.replies).toEqual([6, 9]);
    // Let any stray refetch start before counting (React Query schedules on a timer).
    await moveClock(100);
    expect(gets).toEqual([]);
  });

  it('keeps the post and the dialog, saying why in the app’s words, when the delete fails', async () => {
    spyOnDelete({ respond: failWith(500, 'Storage is read-only') });
    const { user } = renderApp({ route: `/post/${ADA_ROOT}`, token: MOCK_TOKENS.ada });
    const dialog = await openDeleteDialog(user, await findCard(ADA_ROOT));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The server had a problem answering.');
    expect(window.location.hash).toBe(`#/post/${ADA_ROOT}`);
    expect(queryCard(ADA_ROOT)).toBeInTheDocument();
    expect(db.post(ADA_ROOT)).toBeDefined();
  });
});
