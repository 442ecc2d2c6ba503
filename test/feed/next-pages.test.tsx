import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ComposeRoute, ProfileRoute, ThreadRoute } from '../../src/app/route-modules';
import { MOCK_TOKENS } from '../mock-backend';
import { renderApp } from '../render-app';

afterEach(() => cleanup());

// A file of its own: which page's code has loaded is module state, shared by the tests of a file.
describe('the pages a click on the feed leads to', () => {
  it('have their code loaded once the reader moves on the feed, so opening one does not wait for it', async () => {
    const loaded = () => [ThreadRoute.isLoaded(), ProfileRoute.isLoaded(), ComposeRoute.isLoaded()];
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    const feed = await screen.findByRole('feed');
    await within(feed).findByText('Newest seed post. Anything newer was created by you.', {}, { timeout: 5_000 });
    // Not while the feed loads and nobody has touched it: its own requests go first.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(loaded()).toEqual([false, false, false]);

    await user.hover(within(feed).getByText('Newest seed post. Anything newer was created by you.'));
    await waitFor(() => expect(loaded()).toEqual([true, true, true]));
    // Nothing was opened meanwhile: the feed is still what is on screen.
    expect(window.location.hash).toBe('#/');

    const post = within(feed).getByText('Newest seed post. Anything newer was created by you.').closest('article')!;
    await user.click(within(post).getByRole('link', { name: /replies|reply/i }));
    expect(await screen.findByRole('article', { name: /Ada Lovelace/ })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/post/75');
  });
});
