import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ComposeRoute, FeedRoute, ProfileRoute, SettingsRoute, ThreadRoute } from '../../src/app/route-modules';
import { MOCK_TOKENS } from '../support/mock-backend';
import { renderApp } from '../support/render-app';

afterEach(() => cleanup());

const loaded = () => [FeedRoute, ThreadRoute, ProfileRoute, ComposeRoute, SettingsRoute].map((page) => page.isLoaded());

// The feed's case is in a file of its own (preload-on-intent-feed): which page's code has loaded is
// module state, shared by the tests of a file.
describe('the pages a click leads to load once the reader moves', () => {
  it('signed in, on a thread opened by its address: the feed before "Feed" is clicked; signed out, none', async () => {
    const signedOut = renderApp({ route: '/' });
    await screen.findByRole('form', { name: 'Sign in' }, { timeout: 5_000 });
    await signedOut.user.hover(screen.getByRole('heading', { level: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // Those pages need a token.
    expect(loaded()).toEqual([false, false, false, false, false]);
    cleanup();

    const { user } = renderApp({ route: '/post/5', token: MOCK_TOKENS.ada });
    const post = await screen.findByText('Poll: what is your favourite text editor? Reply below.', {}, { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(FeedRoute.isLoaded()).toBe(false);

    await user.hover(post);
    await waitFor(() => expect(loaded()).toEqual([true, true, true, true, true]));
    await user.click(screen.getByRole('link', { name: 'Feed' }));
    expect(await screen.findByText('Newest seed post. Anything newer was created by you.', {}, { timeout: 5_000 })).toBeInTheDocument();
  });
});
