import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MOCK_TOKENS } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { ADA_ROOT, BRAM_POST, findCard } from '../../support/actions-helpers';

const ACTIONS = ['Edit', 'Lock', 'Mark sensitive', 'Delete'];

describe('author actions', () => {
  it('are offered on the signed-in person’s own post', async () => {
    renderApp({ route: `/post/${ADA_ROOT}`, token: MOCK_TOKENS.ada });
    const card = await findCard(ADA_ROOT);
    for (const name of ACTIONS) {
      expect(await within(card).findByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('are not offered on someone else’s post, nor on their replies', async () => {
    renderApp({ route: `/post/${ADA_ROOT}`, token: MOCK_TOKENS.ada });
    // Wait for the own post's actions: by then ada's identity is known.
    await within(await findCard(ADA_ROOT)).findByRole('button', { name: 'Edit' });
    const bramReply = await findCard(6);
    for (const name of ACTIONS) {
      expect(within(bramReply).queryByRole('button', { name })).toBeNull();
    }
  });

  it('are not offered on a thread of someone else', async () => {
    renderApp({ route: `/post/${BRAM_POST}`, token: MOCK_TOKENS.ada });
    await findCard(BRAM_POST);
    // The reply box proves the thread (and ada's session) is fully there.
    await screen.findByRole('textbox', { name: 'Your reply' });
    for (const name of ACTIONS) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('follow the signed-in person: bram sees them on his post, not on ada’s', async () => {
    renderApp({ route: `/post/${ADA_ROOT}`, token: MOCK_TOKENS.bram });
    const bramReply = await findCard(6);
    expect(await within(bramReply).findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(await findCard(ADA_ROOT)).queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
