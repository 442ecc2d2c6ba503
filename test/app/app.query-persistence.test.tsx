/**
 * Reloading the tab: the query cache kept in sessionStorage paints the last feed before the API
 * has answered anything; signing out and a 401 forget it; another build or another token never
 * reads it.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/app/app';
import type { createAppQueryClient } from '../../src/app/create-app-query-client';
import { isPersistedQuery } from '../../src/app/persisted-queries';
import { meQueries } from '../../src/entities/account/queries';
import { tokenStore } from '../../src/entities/account/token-store';
import { blogQueries } from '../../src/entities/blog/queries';
import { feedQueries } from '../../src/entities/post/feed-queries';
import { postQueries } from '../../src/entities/post/queries';
import { newerPostsQuery } from '../../src/features/posts/api/newer-posts';
import { userQueries } from '../../src/features/profile/api/queries';
import { statusQueries } from '../../src/features/status/api/queries';
import { configureApi } from '../../src/lib/api/client';
import { persistKey, restoreQueryCache } from '../../src/lib/query-persistence';
import { persistQueryCache, type QueryPersistence } from '../../src/lib/query-persistence-writer';
import { fakeWindowScroll, showFeed } from '../support/feed-helpers';
import { MOCK_TOKENS, server, TEST_API_BASE } from '../support/mock-backend';
import { renderApp } from '../support/render-app';
import { handle } from '../support/handle';
import { testQueryClient } from '../support/query-client';

const NEWEST = /Newest seed post/;
const CONFIG = { apiBaseUrl: TEST_API_BASE, mocks: false, tokenApplicationUrl: null, source: 'file' as const };

let writers: QueryPersistence[] = [];
/** Requests held by answerNothing(): failed at the end, so none holds the feed's request slots into the next test. */
let held: Array<(response: Response) => void> = [];
beforeEach(() => {
  fakeWindowScroll();
});
afterEach(() => {
  for (const writer of writers) writer.stop();
  writers = [];
  cleanup();
  for (const release of held) release(HttpResponse.error());
  held = [];
});

/** Ada's persisted cache (each signed-in account's is kept under a key of its own). */
const cached = () => sessionStorage.getItem(persistKey(MOCK_TOKENS.ada));

function persist(queryClient: ReturnType<typeof createAppQueryClient>) {
  const writer = persistQueryCache(queryClient, { getOwner: tokenStore.getToken, shouldPersist: isPersistedQuery });
  writers.push(writer);
  return writer;
}

/**
 * A first visit to the feed, left with its cache written as a reload would leave it: the newest
 * post on top (the first visit opens on 73 and offers 75 and 74 as new: showFeed takes the offer).
 */
async function visitFeedAndLeave() {
  const { queryClient, user } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
  persist(queryClient);
  const feed = await showFeed();
  // The second page too (a first visit's first holds one post, 73): post 70 is in it.
  await within(feed).findByText('Me! Also my cat.');
  await within(document.querySelector<HTMLElement>('header.app-header')!).findByText(handle('ada'));
  // What the browser sends when the tab reloads: a pending write is made at once.
  window.dispatchEvent(new Event('pagehide'));
  expect(cached()).not.toBeNull();
  return { queryClient, user };
}

/** The app started again in the same tab, as src/app/start.tsx does: restore, then render. */
function reload(buster?: string) {
  cleanup();
  configureApi({ baseUrl: TEST_API_BASE, getToken: tokenStore.getToken, timeoutMs: 2_000 });
  const queryClient = testQueryClient();
  const restored = restoreQueryCache(queryClient, tokenStore.getToken(), buster);
  render(<App config={CONFIG} queryClient={queryClient} />);
  return { queryClient, restored };
}

/** The API takes every request and answers none. */
function answerNothing() {
  let asked = 0;
  server.use(
    http.all(`${TEST_API_BASE}/*`, () => {
      asked += 1;
      return new Promise<Response>((resolve) => held.push(resolve));
    }),
  );
  return { asked: () => asked };
}

describe('reloading the tab', () => {
  it('paints the last feed and who is signed in before the API has answered anything', async () => {
    await visitFeedAndLeave();
    const api = answerNothing();

    const { restored } = reload();

    expect(restored).toBe(true);
    const feed = await screen.findByRole('feed', { name: 'Posts' });
    expect(within(feed).getByText(NEWEST)).toBeInTheDocument();
    expect(within(feed).getAllByRole('article').length).toBeGreaterThan(3);
    expect(within(document.querySelector<HTMLElement>('header.app-header')!).getByText(handle('ada'))).toBeInTheDocument();
    expect(screen.queryByText('Loading posts…')).not.toBeInTheDocument();
    // It still revalidates: the new-post check and who-am-I went out (and are waiting).
    await waitFor(() => expect(api.asked()).toBeGreaterThan(0));
  });

  it('is forgotten on sign-out', async () => {
    const { user } = await visitFeedAndLeave();
    await user.click(screen.getByRole('button', { name: /^Sign out(?: @\S+)?$/ }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Social' });
    expect(cached()).toBeNull();
    // Nothing pending lands after it either.
    window.dispatchEvent(new Event('pagehide'));
    expect(cached()).toBeNull();
  });

  it('is forgotten when the server refuses the token (401)', async () => {
    await visitFeedAndLeave();
    server.use(
      http.get(`${TEST_API_BASE}/v2/ping`, () => HttpResponse.json({ error: true, reason: 'Invalid token' }, { status: 401 })),
    );
    // The reload's own requests meet the 401.
    reload();
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Social' });
    expect(cached()).toBeNull();
    expect(screen.queryByText(NEWEST)).not.toBeInTheDocument();
  });

  it('ignores and drops a cache written by another build', async () => {
    await visitFeedAndLeave();
    answerNothing();

    const { restored, queryClient } = reload('1:0.0.0+another-build:x');

    expect(restored).toBe(false);
    expect(cached()).toBeNull();
    expect(queryClient.getQueryData(feedQueries.pages().queryKey)).toBeUndefined();
    await screen.findByText('Loading posts…');
    expect(screen.queryByText(NEWEST)).not.toBeInTheDocument();
  });

  it('ignores a cache written for another token, and leaves it to its account', async () => {
    await visitFeedAndLeave();
    cleanup();
    tokenStore.signIn(MOCK_TOKENS.chen);
    answerNothing();

    const queryClient = testQueryClient();

    expect(restoreQueryCache(queryClient, tokenStore.getToken())).toBe(false);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    // Ada is still signed in in this tab: her cache is hers to paint when she is in use again.
    expect(cached()).not.toBeNull();
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('social.query-cache'))).toEqual([persistKey(MOCK_TOKENS.ada)]);
  });

  it('never holds a token, in its key or its content', async () => {
    await visitFeedAndLeave();
    for (const key of Object.keys(sessionStorage).filter((k) => k.startsWith('social.query-cache'))) {
      expect(key).not.toContain(MOCK_TOKENS.ada);
      expect(sessionStorage.getItem(key)).not.toContain(MOCK_TOKENS.ada);
    }
  });

  it('writes nothing while signed out', async () => {
    const { queryClient } = renderApp({ route: '/' });
    persist(queryClient);
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Social' });
    await waitFor(() => expect(queryClient.getQueryData(blogQueries.latest().queryKey)).toBeDefined());
    window.dispatchEvent(new Event('pagehide'));
    expect(cached()).toBeNull();
  });

  it('does not bring back a cache someone else removed (the mock panel clears storage, then reloads)', async () => {
    const { queryClient } = await visitFeedAndLeave();
    sessionStorage.removeItem(persistKey(MOCK_TOKENS.ada));
    queryClient.setQueryData(postQueries.detail('75').queryKey, (post) => post && { ...post, content: 'Changed' });
    window.dispatchEvent(new Event('pagehide'));
    expect(cached()).toBeNull();
  });
});

describe('what is kept', () => {
  it('posts, the feed, who is signed in, profiles and the blog; not the reachability check', () => {
    for (const key of [
      postQueries.detail('5').queryKey,
      feedQueries.pages().queryKey,
      feedQueries.head().queryKey,
      meQueries.profile().queryKey,
      userQueries.detail('some-uuid').queryKey,
      blogQueries.latest().queryKey,
    ]) {
      expect(isPersistedQuery(key), JSON.stringify(key)).toBe(true);
    }
    expect(isPersistedQuery(statusQueries.ping().queryKey)).toBe(false);
    expect(isPersistedQuery(newerPostsQuery(70, 75).queryKey)).toBe(false);
  });
});
