import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { keyFor } from '../../support/account-data';
import { MOCK_TOKENS, MOCK_USER_IDS } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { ADA_ROOT, findCard } from '../../support/actions-helpers';
import { recordRequests } from '../../support/feed-helpers';

function reply(id: number): HTMLElement {
  const item = document.querySelector<HTMLElement>(`li[data-reply-id="${id}"]`);
  if (!item) throw new Error(`no reply ${id}`);
  return item;
}

describe('a thread with mutes', () => {
  it('folds a muted account’s reply and a reply with a muted word to one line each, in place; Show reveals it', async () => {
    // 6 is bram's "vim, obviously." (7, dalia's, answers it); 9 is chen's "Whatever has the best undo."
    localStorage.setItem(keyFor('ada', 'mutes'), JSON.stringify({ accounts: [{ uuid: MOCK_USER_IDS.bram, username: 'bram_stoker' }], words: ['UNDO'] }));
    const { user } = renderApp({ route: `/post/${ADA_ROOT}`, token: MOCK_TOKENS.ada });
    await findCard(ADA_ROOT);
    await waitFor(() => expect(within(reply(6)).getByText('Reply from an account you muted')).toBeInTheDocument());
    expect(within(reply(6)).queryByText('vim, obviously.')).toBeNull();
    // The thread keeps its shape: dalia's answer to the muted reply is still there, under it.
    await within(reply(6)).findByText(/Emacs users are typing/);
    await waitFor(() => expect(within(reply(9)).getByText('Hidden: contains a muted word')).toBeInTheDocument());
    expect(screen.queryByText('Whatever has the best undo.')).toBeNull();

    await user.click(within(reply(6)).getByRole('button', { name: 'Show the reply from @\u2068bram_stoker\u2069' }));
    expect(within(reply(6)).getByText('vim, obviously.')).toBeInTheDocument();
    expect(document.activeElement).toContainElement(within(reply(6)).getByText('vim, obviously.'));
    await user.click(within(reply(9)).getByRole('button', { name: 'Show the hidden reply' }));
    expect(screen.getByText('Whatever has the best undo.')).toBeInTheDocument();
  });

  it('folds a reply as its author is muted from it, with focus on its Show, and sends nothing', async () => {
    const { user } = renderApp({ route: `/post/${ADA_ROOT}`, token: MOCK_TOKENS.ada });
    const card = await findCard(9);
    const requests = recordRequests();
    await user.click(await within(card).findByRole('button', { name: 'Mute @\u2068chen_w\u2069' }));
    const show = await within(reply(9)).findByRole('button', { name: 'Show the reply from @\u2068chen_w\u2069' });
    await waitFor(() => expect(show).toHaveFocus());
    requests.stop();
    // Replies further down may still be loading; nothing is written.
    expect(requests.seen.filter((line) => !line.startsWith('GET '))).toEqual([]);
    // Shown again, it offers the way back.
    await user.click(show);
    await user.click(within(reply(9)).getByRole('button', { name: 'Unmute @\u2068chen_w\u2069' }));
    expect(localStorage.getItem(keyFor('ada', 'mutes'))).toBeNull();
  });
});
