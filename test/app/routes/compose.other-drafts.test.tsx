import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { composerId, draftKey, saveDraft } from '../../../src/entities/draft/draft-store';
import { MOCK_TOKENS } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { forgetDrafts, rawStoredDrafts, textarea } from '../../support/compose-helpers';
import { idOf, keyFor } from '../../support/account-data';

afterEach(() => {
  cleanup();
  forgetDrafts();
});

const OTHER_TAB = 'A thought from the other tab\nwith a second line';
const CLOSED_TAB = 'Left by a tab that closed';
const text = (content: string) => ({ content, from: '', lock: false, nsfw: false });

/** Two drafts for a new post that are not this tab's composer's: another tab's and an older one under the plain context. */
function twoOtherDrafts() {
  localStorage.setItem(
    keyFor('ada', 'drafts'),
    JSON.stringify({
      'new#othertab': { ...text(OTHER_TAB), savedAt: Date.now() - 60_000 },
      new: { ...text(CLOSED_TAB), savedAt: Date.now() - 3 * 3_600_000 },
      'reply:5#othertab': { ...text('A reply elsewhere'), savedAt: Date.now() },
    }),
  );
}

const offer = () => screen.findByText('2 other drafts', {}, { timeout: 5_000 });
const itemOf = (firstLine: string) => screen.getByText(firstLine, { exact: false }).closest('li')!;

describe('the composer offers the account’s other drafts', () => {
  it('shows "2 other drafts" (first line and age), takes one into the empty composer and removes it from the list', async () => {
    twoOtherDrafts();
    const { user } = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    const box = await textarea();
    await offer();
    expect(box).toHaveValue('');
    // The first line only, the newest first; a reply's draft is not offered to a new post.
    const items = screen.getAllByRole('listitem').filter((li) => li.closest('.other-drafts'));
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual([
      'A thought from the other tab · 1 minute ago',
      'Left by a tab that closed · 3 hours ago',
    ]);
    expect(screen.queryByText('A reply elsewhere', { exact: false })).not.toBeInTheDocument();

    const use = within(itemOf('A thought from the other tab')).getByRole('button', { name: 'Use this draft' });
    expect(use).toHaveAccessibleDescription('A thought from the other tab · 1 minute ago');
    await user.click(use);

    expect(box).toHaveValue(OTHER_TAB);
    expect(box).toHaveFocus();
    expect(within(box.closest('form')!).getByRole('status')).toHaveTextContent('The draft is in the composer.');
    await screen.findByText('1 other draft');
    // Moved: now this composer's own, the other tab's entry gone; the rest untouched.
    const own = draftKey('new', composerId('new'));
    await waitFor(() => expect(Object.keys(rawStoredDrafts() ?? {}).sort()).toEqual(['new', own, 'reply:5#othertab'].sort()));
    expect(rawStoredDrafts()?.[own]?.content).toBe(OTHER_TAB);
  });

  it('never replaces what is typed: a picked draft is added after it; Discard removes one and says so', async () => {
    // This tab's composer already has a draft of its own (a reload): it is shown, and the others offered.
    saveDraft(idOf('ada'), 'new#othertab', text(OTHER_TAB));
    saveDraft(idOf('ada'), 'new', text(CLOSED_TAB));
    saveDraft(idOf('ada'), draftKey('new', composerId('new')), text('Mine, typed before the reload'));
    const { user } = renderApp({ route: '/compose', token: MOCK_TOKENS.ada });
    const box = await textarea();
    expect(box).toHaveValue('Mine, typed before the reload');
    // Something of its own: the offer is there, closed (a <details>: Enter or Space on its summary opens it in a browser; jsdom only clicks).
    const summary = await offer();
    expect(summary.closest('details')).not.toHaveAttribute('open');
    await user.click(summary);
    expect(summary.closest('details')).toHaveAttribute('open');

    await user.click(within(itemOf(CLOSED_TAB)).getByRole('button', { name: 'Discard' }));
    expect(within(box.closest('form')!).getByRole('status')).toHaveTextContent('Draft discarded.');
    await screen.findByText('1 other draft');
    expect(rawStoredDrafts()?.new).toBeUndefined();
    // Focus stays in the list: on the remaining draft's first button.
    await waitFor(() => expect(within(itemOf('A thought from the other tab')).getByRole('button', { name: 'Use this draft' })).toHaveFocus());

    await user.keyboard('{Enter}');
    expect(box).toHaveValue(`Mine, typed before the reload\n\n${OTHER_TAB}`);
    expect(screen.queryByText(/other drafts?$/)).not.toBeInTheDocument();
    expect(rawStoredDrafts()?.['new#othertab']).toBeUndefined();
  });
});
