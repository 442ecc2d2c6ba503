import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MOCK_TOKENS, MOCK_USER_IDS, db } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { ADA_ROOT, findCard, nsfwBadge, spyOnUpdate } from '../../support/actions-helpers';

const CONTENT = 'Poll: what is your favourite text editor? Reply below.';

/** The badges a card shows (its flags, and any in its sensitive gate). */
const badges = (card: HTMLElement) => [...card.querySelectorAll('.badge')].map((badge) => badge.textContent);

describe('marking one’s own post sensitive', () => {
  it('flags it on the server with one badge, and keeps it shown to its author', async () => {
    const patches = spyOnUpdate();
    const { user } = renderApp({ route: `/post/${ADA_ROOT}`, token: MOCK_TOKENS.ada });
    const card = await findCard(ADA_ROOT);
    expect(within(card).getByText(CONTENT)).toBeInTheDocument();

    await user.click(await within(card).findByRole('button', { name: 'Mark sensitive' }));
    await within(card).findByRole('button', { name: 'Unmark sensitive' });
    expect(nsfwBadge(card)).toBeInTheDocument();
    // One badge ("NSFW"), not a second "Sensitive" in a gate; the author's own text is not hidden from them.
    expect(badges(card)).toEqual(['NSFW']);
    expect(within(card).getByText(CONTENT)).toBeInTheDocument();
    expect(within(card).queryByText('This post is marked as sensitive.')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Show post' })).toBeNull();

    await waitFor(() => expect(db.post(ADA_ROOT)?.nsfw).toBe(true));
    expect(patches[0]?.body).toEqual({ token: MOCK_TOKENS.ada, content: null, lock: null, nsfw: true });

    await user.click(within(card).getByRole('button', { name: 'Unmark sensitive' }));
    await waitFor(() => expect(db.post(ADA_ROOT)?.nsfw).toBe(false));
    expect(nsfwBadge(card)).toBeNull();
    expect(within(card).getByText(CONTENT)).toBeInTheDocument();
  });

  it('hides someone else’s sensitive post behind the gate, under one badge', async () => {
    db.updatePost(MOCK_USER_IDS.ada, ADA_ROOT, { nsfw: true });
    const { user } = renderApp({ route: `/post/${ADA_ROOT}`, token: MOCK_TOKENS.bram });
    const card = await findCard(ADA_ROOT);
    expect(within(card).getByText('This post is marked as sensitive.')).toBeInTheDocument();
    expect(within(card).queryByText(CONTENT)).toBeNull();
    expect(badges(card)).toEqual(['NSFW']);
    await user.click(within(card).getByRole('button', { name: 'Show post' }));
    expect(within(card).getByText(CONTENT)).toBeInTheDocument();
    expect(badges(card)).toEqual(['NSFW']);
  });
});
