import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { ownUuidStore } from '../../src/entities/account/own-uuid';
import { meQueries } from '../../src/entities/account/queries';
import { tokenStore } from '../../src/entities/account/token-store';
import { db, MOCK_TOKENS, MOCK_USER_IDS, server, TEST_API_BASE } from '../support/mock-backend';
import { renderApp } from '../support/render-app';
import { logRequests } from '../support/request-log';
import { handle } from '../support/handle';

afterEach(() => cleanup());

const POST_5 = 'Poll: what is your favourite text editor? Reply below.';
const EXPIRED = 'The server did not accept your token any more. Sign in again to continue.';

function cachedKeysWithData(queryClient: ReturnType<typeof renderApp>['queryClient']): string[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.data !== undefined)
    .map((query) => String(query.queryKey[0]));
}

describe('signing out', () => {
  it('forgets the token and every cached answer, and shows the signed-out home', async () => {
    const { user, queryClient } = renderApp({ route: '/post/5', token: MOCK_TOKENS.ada });
    await screen.findByText(POST_5);
    const header = document.querySelector<HTMLElement>('header.app-header')!;
    await within(header).findByText(handle('ada'));
    expect(cachedKeysWithData(queryClient)).toEqual(expect.arrayContaining(['posts', 'me']));

    await user.click(screen.getByRole('button', { name: /^Sign out(?: @\S+)?$/ }));

    await screen.findByRole('heading', { level: 1, name: 'Welcome to Social' });
    await screen.findByRole('form', { name: 'Sign in' });
    expect(window.location.hash).toBe('#/');
    expect(tokenStore.getToken()).toBeNull();
    expect(sessionStorage.getItem('social.api-token')).toBeNull();
    expect(ownUuidStore.of('ada')).toBeNull();
    // Only the public blog entry may be cached again by the signed-out home.
    expect(cachedKeysWithData(queryClient).filter((key) => key !== 'blog')).toEqual([]);
    expect(screen.queryByText(POST_5)).not.toBeInTheDocument();
    expect(within(header).queryByText(handle('ada'))).not.toBeInTheDocument();
  });
});

describe('signing in', () => {
  it('never shows an earlier session\'s profile as the new person\'s', async () => {
    const { user, queryClient } = renderApp({ route: '/sign-in' });
    // The who-am-I key does not name the account. Whatever an earlier session might have left there
    // (sign-out clears the cache; this stands in for anything that slipped past it):
    const ada = db.user(MOCK_USER_IDS.ada)!;
    queryClient.setQueryData(meQueries.profile().queryKey, {
      username: ada.username,
      displayName: ada.displayname,
      pfp: ada.pfp,
      banner: ada.banner,
      bio: ada.bio,
    });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.patch(`${TEST_API_BASE}/v2/profile`, async () => {
        await gate;
        return undefined;
      }),
    );

    const form = await screen.findByRole('form', { name: 'Sign in' });
    await user.type(within(form).getByLabelText('API token'), MOCK_TOKENS.bram);
    await user.click(within(form).getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Feed' });
    const header = document.querySelector<HTMLElement>('header.app-header')!;
    // Bram's own answer has not arrived yet: nobody's name, certainly not Ada's.
    expect(within(header).getByLabelText('Signed in')).toBeInTheDocument();
    expect(header).not.toHaveTextContent(/Ada Lovelace|@ada\b/);

    release();
    await within(header).findByText(handle('bram_stoker'));
    expect(header).not.toHaveTextContent(/Ada Lovelace|@ada\b/);
  });
});

describe('the sign-out address', () => {
  it('signs nobody out when reached by a plain link', async () => {
    renderApp({ route: '/sign-out', token: MOCK_TOKENS.ada });
    await screen.findByRole('heading', { level: 1, name: 'Feed' });
    expect(window.location.hash).toBe('#/');
    expect(tokenStore.getToken()).toBe(MOCK_TOKENS.ada);
  });
});

describe('a 401 on any request', () => {
  it('on a thread: leads to sign-in with a message, and back to the same thread after signing in again', async () => {
    let refuse = true;
    server.use(
      http.get(`${TEST_API_BASE}/v2/post/:id`, () =>
        refuse ? HttpResponse.json({ error: true, reason: 'Invalid token' }, { status: 401 }) : undefined,
      ),
    );
    const { user, queryClient } = renderApp({ route: '/post/5', token: MOCK_TOKENS.ada });

    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    const form = screen.getByRole('form', { name: 'Sign in' });
    expect(within(form).getByText(EXPIRED)).toBeInTheDocument();
    expect(window.location.hash).toBe(`#/sign-in?next=${encodeURIComponent('/post/5')}`);
    expect(tokenStore.getToken()).toBeNull();
    expect(sessionStorage.getItem('social.api-token')).toBeNull();
    await expectCacheCleared(queryClient);

    refuse = false;
    await user.type(within(form).getByLabelText('API token'), MOCK_TOKENS.ada);
    await user.click(within(form).getByRole('button', { name: 'Sign in' }));

    await screen.findByText(POST_5);
    expect(window.location.hash).toBe('#/post/5');
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
  });

  it('on a profile: the same', async () => {
    server.use(
      http.get(`${TEST_API_BASE}/v2/user/:uuid`, () => HttpResponse.json({ error: true, reason: 'Token revoked' }, { status: 401 }), {
        once: true,
      }),
    );
    const route = `/user/${MOCK_USER_IDS.chen}`;
    const { user } = renderApp({ route, token: MOCK_TOKENS.ada });
    const form = await screen.findByRole('form', { name: 'Sign in' });
    expect(within(form).getByText(EXPIRED)).toBeInTheDocument();

    await user.type(within(form).getByLabelText('API token'), MOCK_TOKENS.ada);
    await user.click(within(form).getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: db.user(MOCK_USER_IDS.chen)!.displayname });
    expect(window.location.hash).toBe(`#${route}`);
  });
});

describe('signed out', () => {
  it('the home page shows the blog and the sign-in form, and sends nothing that needs a token', async () => {
    const requests = logRequests();
    renderApp({ route: '/' });
    await screen.findByRole('complementary', { name: 'Latest from the blog' });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Social' })).toBeInTheDocument();
    await screen.findByRole('form', { name: 'Sign in' });
    await screen.findByText('API online');

    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      expect(`${request.method} ${request.url.href}`).toBe(`GET ${TEST_API_BASE}/v2/blog/latest`);
      expect(request.authorization).toBeNull();
    }
  });
});

async function expectCacheCleared(queryClient: ReturnType<typeof renderApp>['queryClient']) {
  await waitFor(() => expect(cachedKeysWithData(queryClient).filter((key) => key !== 'blog')).toEqual([]));
}
