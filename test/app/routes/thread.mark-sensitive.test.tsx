import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MOCK_TOKENS, db } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { ADA_ROOT, findCard, nsfwBadge, spyOnUpdate } from '../../support/actions-helpers';

const CONTENT = 'Poll: what is your favourite text editor? Reply below.';

describe('marking one’s own post sensitive', () => {
  it('flags it on the server and hides it behind the gate, for its author too', async () => {
    const patches = spyOnUpdate();
    const { user } = renderApp({ route: `/post/${ADA_ROOT}`, token: MOCK_TOKENS.ada });
    const card = await findCard(ADA_ROOT);
    expect(within(card).getByText(CONTENT)).toBeInTheDocument();

    await user.click(await within(card).findByRole('button', { name: 'Mark sensitive' }));
    await within(card).findByRole('button', { name: 'Unmark sensitive' });
    expect(nsfwBadge(card)).toBeInTheDocument();
    // The gate treats the author like everyone else: the content is not rendered until revealed.
    expect(within(card).queryByText(CONTENT)).toBeNull();
    expect(within(card).getByText('This post is marked as sensitive.')).toBeInTheDocument();

    await waitFor(() => expect(db.post(ADA_ROOT)?.nsfw).toBe(true));
    expect(patches[0]?.body).toEqual({ token: MOCK_TOKENS.ada, content: null, lock: null, nsfw: true });

    await user.click(within(card).getByRole('button', { name: 'Show post' }));
    expect(within(card).getByText(CONTENT)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Unmark sensitive' }));
    await waitFor(() => expect(db.post(ADA_ROOT)?.nsfw).toBe(false));
    expect(nsfwBadge(card)).toBeNull();
    expect(within(card).getByText(CONTENT)).toBeInTheDocument();
  });
});
