import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedRoute, ThreadRoute } from '../../src/app/route-modules';
import { MOCK_TOKENS } from '../support/mock-backend';
import { renderApp } from '../support/render-app';
import { logRequests } from '../support/request-log';

afterEach(() => cleanup());

// One file of its own: which page's code has loaded is module state, shared by the tests of a file.
// In this order, never shuffled: the last test shows the feed, so its code is loaded from then on.
describe('signing in, the page that follows is not kept waiting', { shuffle: false }, () => {
  it("loads the feed's code while the person is signing in on the home page", async () => {
    const { user } = renderApp({ route: '/' });
    const form = await screen.findByRole('form', { name: 'Sign in' });
    expect(FeedRoute.isLoaded()).toBe(false);

    await user.click(within(form).getByLabelText('API token'));
    await waitFor(() => expect(FeedRoute.isLoaded()).toBe(true));
  });

  it('loads the code of the page the sign-in page leads back to (?next=)', async () => {
    const { user } = renderApp({ route: `/sign-in?next=${encodeURIComponent('/post/5')}` });
    const form = await screen.findByRole('form', { name: 'Sign in' });
    expect(ThreadRoute.isLoaded()).toBe(false);

    await user.click(within(form).getByLabelText('API token'));
    await waitFor(() => expect(ThreadRoute.isLoaded()).toBe(true));
  });

  it("sends the feed's first reads before the status ping and the profile, which follow once posts show", async () => {
    const { user } = renderApp({ route: '/' });
    const form = await screen.findByRole('form', { name: 'Sign in' });
    await user.type(within(form).getByLabelText('API token'), MOCK_TOKENS.ada);
    const log = logRequests();
    await user.click(within(form).getByRole('button', { name: 'Sign in' }));

    const feed = await screen.findByRole('feed');
    // The first posts show: a first visit's feed opens on the highest post its search for the newest
    // has read (the seed's 73); the check above it, which finds 74 and 75, comes after.
    await within(feed).findByText('A post whose from field is far too long.', {}, { timeout: 5_000 });
    const sent = (method: string, path: string) => log.filter((r) => r.method === method && r.url.pathname === path).length;
    // Only the token's own check so far: the layout's ping and profile would each take a connection
    // the head discovery's rounds need.
    expect(sent('GET', '/v2/ping')).toBe(1);
    expect(sent('PATCH', '/v2/profile')).toBe(0);
    expect(log.some((r) => r.url.pathname.startsWith('/v2/post/'))).toBe(true);

    // Held, not dropped: the account menu shows who is signed in once the profile arrives.
    await waitFor(() => expect(sent('PATCH', '/v2/profile')).toBe(1), { timeout: 5_000 });
    // The status follows too, without a second ping: the feed's reads since the token's check proved
    // the API and the token (features/status/api/queries.ts).
    await screen.findByText('API online', {}, { timeout: 5_000 });
    expect(sent('GET', '/v2/ping')).toBe(1);
  });
});
