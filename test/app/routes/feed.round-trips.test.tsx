/**
 * Round trips of the whole app against the mock backend: every request waits until the test
 * releases the current wave, so a wave is one round trip. Only waves that carry post reads count.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/app/app';
import { prefetchInitialData, preloadInitialRoute } from '../../../src/app/boot-prefetch';
import { testQueryClient } from '../../support/query-client';
import { tokenStore } from '../../../src/entities/account/token-store';
import { KNOWN_HEAD_KEY } from '../../../src/entities/post/known-head';
import { configureApi } from '../../../src/lib/api/client';
import { db, MOCK_TOKENS, MOCK_USER_IDS, TEST_API_BASE } from '../../support/mock-backend';
import { settleTasks } from '../../support/clock';
import { fakeWindowScroll } from '../../support/feed-helpers';

beforeEach(() => {
  fakeWindowScroll();
  // The app's timers run on a clock the test moves: a round trip is 100 ms of it, whatever the
  // machine's speed. On real time, a first visit's tolerance check, which waits at most 1.5 s for
  // the first posts' paint (entities/post/feed-queries.ts), went out first when a busy machine
  // took longer than that to render them in jsdom: 33 requests before the first posts, not 30.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets the app take in what it was answered (renders, the requests that follow): 100 ms of the test's clock. */
const settle = () =>
  act(async () => {
    for (let frame = 0; frame < 10; frame += 1) {
      await vi.advanceTimersByTimeAsync(10);
      await settleTasks(2);
    }
  });
/** Resolves once `ready()` holds, or false after `timeout` ms (the lazily loaded feed route is read from disk). */
const until = (ready: () => boolean, timeout = 1_000) =>
  vi.waitFor(() => expect(ready()).toBe(true), { timeout, interval: 5 }).then(() => true, () => false);

/**
 * Starts the app as app/start.tsx does: the feed's first page asked for and its code loaded before the
 * first render (app/boot-prefetch.ts), so the feed's own query leads the head discovery. Rendered
 * without them, the discovery began from the layout's checks while the feed's module was still
 * being read (timing of the test's machine, not of the app), and the count before the first posts
 * depended on how long that read took.
 */
async function renderGated() {
  const waiting: Array<{ line: string; start: () => void }> = [];
  let answering = 0;
  const gated: typeof fetch = (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const line = `${init?.method ?? 'GET'} ${new URL(url).pathname}`;
      waiting.push({
        line,
        start: () => {
          answering += 1;
          fetch(input, init)
            .then(resolve, reject)
            .finally(() => (answering -= 1));
        },
      });
    });
  window.location.hash = '#/';
  tokenStore.signIn(MOCK_TOKENS.ada);
  configureApi({ baseUrl: TEST_API_BASE, getToken: tokenStore.getToken, timeoutMs: 10_000, fetch: gated });
  const config = { apiBaseUrl: TEST_API_BASE, mocks: false, tokenApplicationUrl: null, source: 'file' as const };
  const queryClient = testQueryClient();
  prefetchInitialData(queryClient, window.location.hash, true);
  await preloadInitialRoute(window.location.hash, true);
  render(<App config={config} queryClient={queryClient} />);

  const waves: string[][] = [];
  /** Every request answered so far, post reads or not (who-am-I, ping, blog). */
  const answered: string[] = [];
  const articles = () => screen.queryAllByRole('article');
  /**
   * Answers what is waiting (one round trip) and lets the app react; returns false when nothing
   * waited. With `untilPosts`, returns false without answering once posts are on screen: a render
   * that finishes while the test waits for the next requests (a module read from disk) is counted
   * before them, not after.
   */
  async function roundTrip(untilPosts = false): Promise<boolean> {
    // The first wave waits for the lazily loaded feed route.
    await until(() => waiting.length > 0 || (untilPosts && articles().length > 0));
    if (untilPosts && articles().length > 0) return false;
    const batch = waiting.splice(0);
    if (batch.length === 0) return false;
    for (const request of batch) request.start();
    answered.push(...batch.map((r) => r.line));
    const postReads = batch.map((r) => r.line).filter((line) => line.startsWith('GET /v2/post/'));
    if (postReads.length > 0) waves.push(postReads);
    await until(() => answering === 0);
    await settle();
    return true;
  }
  return { waves, roundTrip, articles, requests: () => waves.flat().length, allRequests: () => answered.length };
}

async function measure() {
  const app = await renderGated();
  while (app.articles().length === 0) {
    if (!(await app.roundTrip(true)) && app.articles().length === 0) throw new Error('The feed stopped asking before showing a post.');
  }
  const toFirstPosts = app.waves.length;
  const requestsToFirstPosts = app.requests();
  const allRequestsToFirstPosts = app.allRequests();
  while (await app.roundTrip());
  return { toFirstPosts, requestsToFirstPosts, allRequestsToFirstPosts, total: app.waves.length, requests: app.requests(), app };
}

describe('round trips to the first posts', () => {
  it('a return visit shows its first posts within 3 round trips, at most 6 requests in flight', async () => {
    localStorage.setItem(KNOWN_HEAD_KEY, '75');
    const result = await measure();
    expect(result.toFirstPosts).toBeLessThanOrEqual(3);
    expect(result.requestsToFirstPosts).toBeLessThanOrEqual(3 * 6);
    // Measured on the seed: 2 round trips / 12 post reads to the first posts, 38 reads in 7 trips in all.
    expect(result.requests).toBeLessThanOrEqual(50);
    expect(Math.max(...result.app.waves.map((wave) => wave.length))).toBeLessThanOrEqual(6);
    expect(result.app.articles()[0]).toHaveAttribute('data-post-id', '75');
  });

  it('a return visit past a run of deleted posts just below the remembered head still shows its first posts within 3 round trips', async () => {
    // Post 90, then 76–89 deleted (the fixtures' 76 and 77 were already): ten posts from 90 would take 24 reads, four rounds.
    const made = [];
    while (db.peekNextId() <= 90) made.push(db.createPost(MOCK_USER_IDS.bram, { content: `Post ${db.peekNextId()}` }));
    for (const post of made.slice(0, -1)) db.deletePost(MOCK_USER_IDS.bram, post.id);
    localStorage.setItem(KNOWN_HEAD_KEY, '90');
    const result = await measure();
    expect(result.toFirstPosts).toBeLessThanOrEqual(3);
    expect(result.app.articles()[0]).toHaveAttribute('data-post-id', '90');
    // The page after the first reads on below the run: the feed goes on with 75.
    expect(result.app.articles().map((article) => article.getAttribute('data-post-id'))).toContain('75');
  });

  it('a first visit finds the head, then shows the newest posts', async () => {
    const result = await measure();
    // It opens on the highest post the narrowing read, 73; the tolerance check above it, after the
    // first posts, finds 74 and 75, which wait behind the pill (reading-the-spec.md).
    expect(result.app.articles()[0]).toHaveAttribute('data-post-id', '73');
    expect(screen.getByRole('button', { name: '2 new posts' })).toBeInTheDocument();
    expect(Math.max(...result.app.waves.map((wave) => wave.length))).toBeLessThanOrEqual(6);
    // Issue 10's targets: the first posts within 5 round trips, at most 30 requests before them
    // (all of them: who-am-I, the status ping and the blog too). Measured on the seed: 3 trips
    // (1 of gallop, 2 of narrowing to 73 and 82; the first page is 73 alone, which the narrowing
    // read), 18 post reads + 2; when the narrowing went on to 75 and 76, 4 trips and 24 + 2; before
    // issue 10, 10 trips and 55. The tolerance check above 73 comes after, behind the page.
    expect(result.toFirstPosts).toBeLessThanOrEqual(5);
    expect(result.allRequestsToFirstPosts).toBeLessThanOrEqual(30);
    expect(result.requests).toBeLessThanOrEqual(70);
  });
});
