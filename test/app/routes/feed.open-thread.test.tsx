import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MOCK_TOKENS } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { fakeWindowScroll, showFeed } from '../../support/feed-helpers';

beforeEach(() => {
  fakeWindowScroll();
});

/** The feed's card of post `id` (rendered: the first few are). */
function card(id: string): HTMLElement {
  const found = within(screen.getByRole('feed')).getAllByRole('article').find((a) => a.getAttribute('data-post-id') === id);
  if (!found) throw new Error(`no card for post ${id}`);
  return found;
}

describe('a feed card opens its thread', () => {
  it('a click on its text opens the thread', async () => {
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    // Cards open on click once the post actions' code is here (after the first posts).
    await within(card('74')).findByRole('button', { name: 'Copy link' });
    await user.click(card('74').querySelector('.post-content, p:not(.post-meta)')!);
    await waitFor(() => expect(window.location.hash).toBe('#/post/74'));
  });

  it('its time is a link to the thread', async () => {
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    const time = card('74').querySelector('time')!;
    const link = time.closest('a');
    expect(link).not.toBeNull();
    expect(link).toHaveAttribute('href', '#/post/74');
    await user.click(time);
    await waitFor(() => expect(window.location.hash).toBe('#/post/74'));
  });

  it('a click on the author goes to the profile, not the thread; a click that ends a text selection opens nothing', async () => {
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    await within(card('74')).findByRole('button', { name: 'Copy link' });
    const text = card('74').querySelector('.post-content, p:not(.post-meta)')!;
    // Selecting part of the text, then the click that ends it: nothing opens.
    const range = document.createRange();
    range.selectNodeContents(text);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    fireEvent.click(text);
    expect(window.location.hash).toBe('#/');
    selection.removeAllRanges();

    const author = within(card('74')).getAllByRole('link')[0]!;
    await user.click(author);
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/user\//));
  });

  it('Reply opens the thread with the reply box focused', async () => {
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await showFeed();
    await user.click(within(card('74')).getByRole('link', { name: 'Reply' }));
    await waitFor(() => expect(window.location.hash).toBe('#/post/74'));
    const box = await screen.findByRole('textbox', { name: 'Your reply' });
    await waitFor(() => expect(box).toHaveFocus());
  });
});
