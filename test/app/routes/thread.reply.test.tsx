import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_POST_IDS, MOCK_TOKENS, db } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { BRAM_POST, storedReplyDraft, findCard, forgetReplyDrafts, repliesClosed, repliesHeading, replyBox } from '../../support/actions-helpers';

const TEXT = 'Strong coffee is the help you need.';

afterEach(() => forgetReplyDrafts(BRAM_POST));

/** Posts created during this test that reply to `parentId`. */
function newReplies(firstNewId: number, parentId: number) {
  return db.posts().filter((p) => p.id >= firstNewId && p.parent_id === parentId);
}

async function openThread(id: number) {
  const page = renderApp({ route: `/post/${id}`, token: MOCK_TOKENS.ada });
  await findCard(id);
  return page;
}

describe('replying in a thread', () => {
  it('creates exactly one reply, shows it with the count up by one, and clears the box and the draft', async () => {
    const firstNewId = db.peekNextId();
    const { user } = await openThread(BRAM_POST);
    const box = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Your reply' });
    expect(repliesHeading()).toHaveTextContent('No replies yet');

    await user.type(box, TEXT);
    expect(storedReplyDraft(BRAM_POST)).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reply' }));

    const list = await screen.findByRole('list', { name: 'Replies to \u2068Bram\u2069' });
    await within(list).findByText(TEXT);
    expect(repliesHeading()).toHaveTextContent('1 reply');
    expect(within(await findCard(BRAM_POST)).getByText('1 reply')).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue(''));

    const created = newReplies(firstNewId, BRAM_POST);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ content: TEXT, parent_id: BRAM_POST });
    expect(db.post(BRAM_POST)?.replies).toEqual([created[0]!.id]);
    expect(storedReplyDraft(BRAM_POST)).toBeNull();
  });

  it('offers no reply box on a locked post, and says why', async () => {
    await openThread(FIXTURE_POST_IDS.lockedWithReply);
    await screen.findByText('Replies are closed: this post is locked.');
    expect(replyBox()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    // The replies written before the lock are still shown.
    await screen.findByText('Thanks for the heads-up! (sent before the lock)');
  });

  it('works from the keyboard alone: Tab to the box, type, Ctrl+Enter', async () => {
    const firstNewId = db.peekNextId();
    const { user } = await openThread(BRAM_POST);
    const box = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Your reply' });
    expect(repliesClosed()).toBeNull();

    for (let i = 0; i < 40 && document.activeElement !== box; i += 1) await user.tab();
    expect(box).toHaveFocus();
    await user.keyboard(TEXT);
    await user.keyboard('{Control>}{Enter}{/Control}');

    expect(await screen.findByRole('list', { name: 'Replies to \u2068Bram\u2069' })).toHaveTextContent(TEXT);
    await waitFor(() => expect(box).toHaveValue(''));
    expect(newReplies(firstNewId, BRAM_POST)).toHaveLength(1);
  });
});
