import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ownUuidStore } from '../../../src/entities/account/own-uuid';
import { tokenStore } from '../../../src/entities/account/token-store';
import { withExtraAccount } from '../../support/extra-account';
import { db, MOCK_TOKENS, MOCK_USER_IDS } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { ADA_ROOT, BRAM_POST, findCard } from '../../support/actions-helpers';

const ACTIONS = ['Edit', 'Lock', 'Mark sensitive', 'Delete'];


describe('author actions', () => {
  it('are offered on the signed-in person’s own post', async () => {
    renderApp({ route: `/post/${ADA_ROOT}`, token: MOCK_TOKENS.ada });
    const card = await findCard(ADA_ROOT);
    for (const name of ACTIONS) {
      await within(card).findByRole('button', { name });
    }
  });

  it('keep Save, Lock, Mark sensitive and Delete behind a labelled "More" on a phone: it says whether it is open, Escape or a press elsewhere closes it, focus back on it', async () => {
    const { user } = renderApp({ route: `/post/${ADA_ROOT}`, token: MOCK_TOKENS.ada });
    const card = await findCard(ADA_ROOT);
    // (Which of them shows at which width is styles.css's: test/e2e/languages.spec.ts measures it.)
    const more = await within(card).findByRole('button', { name: 'More actions' });
    expect(more).toHaveTextContent('More');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(more.getAttribute('aria-controls')!)!;
    expect(within(panel).getAllByRole('button').map((b) => b.textContent)).toEqual(['Save post', 'Lock', 'Mark sensitive', 'Delete']);

    more.focus();
    await user.keyboard('{Enter}');
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveAttribute('data-open');
    await user.tab();
    // Save first (every post has it; one's own keeps it behind More on a phone), and Escape from it closes too.
    expect(within(panel).getByRole('button', { name: 'Save post' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toHaveAttribute('data-open');
    expect(more).toHaveFocus();

    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(more).toHaveAttribute('aria-expanded', 'false');
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
    await within(bramReply).findByRole('button', { name: 'Edit' });
    expect(within(await findCard(ADA_ROOT)).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('are not offered on a post by an account whose username differs only in case, before or after the uuid is known', async () => {
    // "Ada" is another account (another uuid): a server may hold both, the spec says nothing of case.
    const { snapshot, postIds } = withExtraAccount(db.snapshot(), { uuid: 'uuid-cap-ada', token: 'tok-cap-ada', username: 'Ada' }, ['The other Ada']);
    db.restore(snapshot);
    const other = postIds[0]!;
    renderApp({ route: `/post/${other}`, token: MOCK_TOKENS.ada });
    const card = await findCard(other);
    // Before: who-am-I has answered (the header shows the handle), no uuid learned yet.
    await screen.findByLabelText('Signed in as \u2068Ada Lovelace\u2069');
    expect(ownUuidStore.of('ada')).toBeNull();
    for (const name of ACTIONS) expect(within(card).queryByRole('button', { name })).toBeNull();

    // After: ada's uuid known (as once one of her posts has loaded).
    act(() => tokenStore.note({ username: 'ada', uuid: MOCK_USER_IDS.ada }));
    await screen.findByRole('link', { name: /^Your profile/ });
    for (const name of ACTIONS) expect(within(card).queryByRole('button', { name })).toBeNull();
  });
});
