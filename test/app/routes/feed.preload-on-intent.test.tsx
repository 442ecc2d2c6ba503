import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComposeRoute, ProfileRoute, SettingsRoute } from '../../../src/app/later-routes';
import { ThreadRoute } from '../../../src/app/route-modules';
import { NEW_POSTS_PILL } from '../../support/feed-helpers';
import { MOCK_TOKENS } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A first visit's first post: the highest post the search for the newest has read (the seed's 73). */
const FIRST = 'A post whose from field is far too long.';

// A file of its own: which page's code has loaded is module state, shared by the tests of a file.
describe('on the feed, the pages a click leads to', () => {
  it('load once the reader moves, not while the feed loads, so opening one does not wait for its code', async () => {
    const pages = [ThreadRoute, ProfileRoute, ComposeRoute, SettingsRoute];
    const loaded = () => pages.map((page) => page.isLoaded());
    // A load that starts is seen at once, not only once its code has arrived.
    const preloads = pages.map((page) => vi.spyOn(page, 'preload'));
    // Timers the app sets run on a clock the test can move on (and that moves with real time too).
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
    await within(await screen.findByRole('feed')).findByText(FIRST, {}, { timeout: 5_000 });
    // And the check above it done: 74 and 75 offered as new posts, the offer left alone (pressing it
    // would be a touch).
    await screen.findByRole('button', { name: NEW_POSTS_PILL });
    // Nobody has touched the feed yet: its own requests go first. However long that lasts (every
    // timer the app has set, idle callbacks' included, comes due), nothing loads.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(loaded()).toEqual([false, false, false, false]);
    for (const preload of preloads) expect(preload).not.toHaveBeenCalled();
    // The windowed list, which took over from the first posts once they were painted.
    const feed = screen.getByRole('feed');

    await user.hover(within(feed).getByText(FIRST));
    await waitFor(() => expect(loaded()).toEqual([true, true, true, true]));
    // Nothing was opened meanwhile: the feed is still what is on screen.
    expect(window.location.hash).toBe('#/');

    const post = within(feed).getByText(FIRST).closest('article')!;
    await user.click(within(post).getAllByRole('link', { name: /replies|reply/i })[0]!);
    await screen.findByRole('article', { name: /@mallory/ });
    expect(window.location.hash).toBe('#/post/73');
  });
});
