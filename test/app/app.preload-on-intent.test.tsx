import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComposeRoute, ProfileRoute, SettingsRoute } from '../../src/app/later-routes';
import { FeedRoute, ThreadRoute } from '../../src/app/route-modules';
import { showFeed } from '../support/feed-helpers';
import { MOCK_TOKENS } from '../support/mock-backend';
import { renderApp } from '../support/render-app';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const PAGES = [FeedRoute, ThreadRoute, ProfileRoute, ComposeRoute, SettingsRoute];
const loaded = () => PAGES.map((page) => page.isLoaded());
/** However long the reader waits (every timer the app has set, idle callbacks' included, comes due). */
const aWhile = () => act(() => vi.advanceTimersByTimeAsync(5_000));

// The feed's case is in a file of its own (routes/feed.preload-on-intent): which page's code has loaded is
// module state, shared by the tests of a file.
describe('the pages a click leads to load once the reader moves', () => {
  it('signed in, on a thread opened by its address: the feed before "Feed" is clicked; signed out, none', async () => {
    // A load that starts is seen at once, not only once its code has arrived.
    const preloads = PAGES.map((page) => vi.spyOn(page, 'preload'));
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const signedOut = renderApp({ route: '/' });
    await screen.findByRole('form', { name: 'Sign in' }, { timeout: 5_000 });
    await signedOut.user.hover(screen.getByRole('heading', { level: 1 }));
    await aWhile();
    // Those pages need a token.
    expect(loaded()).toEqual([false, false, false, false, false]);
    for (const preload of preloads) expect(preload).not.toHaveBeenCalled();
    cleanup();

    const { user } = renderApp({ route: '/post/5', token: MOCK_TOKENS.ada });
    const post = await screen.findByText('Poll: what is your favourite text editor? Reply below.', {}, { timeout: 5_000 });
    await aWhile();
    expect(FeedRoute.isLoaded()).toBe(false);
    expect(preloads[0]).not.toHaveBeenCalled();

    await user.hover(post);
    await waitFor(() => expect(loaded()).toEqual([true, true, true, true, true]));
    await user.click(screen.getByRole('link', { name: 'Feed' }));
    // A first visit's feed: it opens on 73 and offers 75 and 74 as new posts (showFeed takes the offer).
    await showFeed();
  });
});
