/**
 * What an open feed costs the server while nothing new is posted (at most 4 requests a minute over
 * ten minutes, 5 a minute in the 4 minutes after a reload, none while the tab is hidden) and while
 * posts come in (at most 2 requests per new post more), counted minute by minute with fake timers.
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/app/app';
import { testQueryClient } from '../../support/query-client';
import { isPersistedQuery } from '../../../src/app/persisted-queries';
import { FULL_CHECK_EVERY } from '../../../src/entities/post/feed-queries';
import { RETURN_AFTER_MS } from '../../../src/entities/post/tab-return';
import { tokenStore } from '../../../src/entities/account/token-store';
import { configureApi } from '../../../src/lib/api/client';
import { restoreQueryCache } from '../../../src/lib/query-persistence';
import { persistQueryCache } from '../../../src/lib/query-persistence-writer';
import { db, MOCK_TOKENS, MOCK_USER_IDS, TEST_API_BASE } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { fakeWindowScroll, recordRequests, showFeed } from '../../support/feed-helpers';

const MINUTE = 60_000;

beforeEach(() => {
  // Time still flows (the mock answers, Testing Library polls); the test jumps it a minute at a time.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  fakeWindowScroll();
});

afterEach(() => {
  setVisibility('visible');
  vi.useRealTimers();
});

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  window.dispatchEvent(new Event('visibilitychange'));
}

/** Lets `ms` of (fake) time pass in one-second steps, so answers arrive between timers; `each` runs every second. */
async function pass(ms: number, each?: (second: number) => void) {
  for (let done = 0; done < ms; done += 1000) {
    each?.(done / 1000);
    await act(() => vi.advanceTimersByTimeAsync(1000));
  }
}

async function settledFeed() {
  const { queryClient } = renderApp({ route: '/', token: MOCK_TOKENS.ada });
  // The first visit's work: the first page (73), the next, and the check of the ids above 73, whose
  // finds (75 and 74) showFeed takes from the pill. The minutes counted start after it.
  const feed = await showFeed();
  await waitFor(() => expect(feed).toHaveAttribute('aria-busy', 'false'));
  await pass(10_000);
  return queryClient;
}

/** Requests per minute over `minutes` minutes. */
async function perMinute(minutes: number, each?: (second: number) => void): Promise<number[]> {
  const counts: number[] = [];
  for (let i = 0; i < minutes; i += 1) {
    const requests = recordRequests();
    await pass(MINUTE, each);
    requests.stop();
    counts.push(requests.seen.length);
  }
  return counts;
}

describe('an idle feed', () => {
  it('costs at most 4 requests a minute over ten minutes while nothing is new, with a full check in them', { timeout: 60_000 }, async () => {
    await settledFeed();
    const counts = await perMinute(FULL_CHECK_EVERY);
    // Each minute: the id after the head (every third minute the two after it); one minute in
    // FULL_CHECK_EVERY checks the 16 ids above the head instead. The status ping is not sent in a
    // minute whose check was answered (features/status/api/queries.ts). Measured (2026-11-30):
    // [1, 1, 2, 1, 1, 2, 1, 1, 2, 16], 28. With a ping every minute, 38; before the light checks, 46.
    expect(counts.filter((count) => count <= 3)).toHaveLength(FULL_CHECK_EVERY - 1);
    expect(Math.max(...counts)).toBeLessThanOrEqual(17);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(4 * FULL_CHECK_EVERY);
  });

  it('goes on with light checks after a reload: at most 5 requests a minute in the 4 minutes after it', { timeout: 60_000 }, async () => {
    const before = await settledFeed();
    const writer = persistQueryCache(before, { getOwner: tokenStore.getToken, shouldPersist: isPersistedQuery });
    // Reloaded: the start's check runs at once, before the minutes counted below (light for a head
    // checked under half a minute before, in full otherwise), and the minute from there.
    await pass(MINUTE);
    window.dispatchEvent(new Event('pagehide'));
    writer.stop();
    cleanup();
    configureApi({ baseUrl: TEST_API_BASE, getToken: tokenStore.getToken, timeoutMs: 2_000 });
    const queryClient = testQueryClient();
    expect(restoreQueryCache(queryClient, tokenStore.getToken())).toBe(true);
    render(<App config={{ apiBaseUrl: TEST_API_BASE, mocks: false, tokenApplicationUrl: null, source: 'file' }} queryClient={queryClient} />);
    await within(await screen.findByRole('feed', { name: 'Posts' })).findByText(/Newest seed post/);
    await pass(30_000);
    const counts = await perMinute(4);
    // Measured (2026-11-30): [1, 2, 1, 1]. Before: the first check after a reload was a full one, 19 in its minute.
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(4 * 5);
  });

  it('costs at most 2 requests per new post more while 4 posts a minute come in (2 posts, 2 replies)', { timeout: 60_000 }, async () => {
    // A head with no deleted ids above it (the seed's 76 and 77 are).
    const head = db.createPost(MOCK_USER_IDS.dalia, { content: 'Newest' }).id;
    await settledFeed();
    let created = 0;
    const counts = await perMinute(FULL_CHECK_EVERY, (second) => {
      if (second % 15 !== 0) return;
      created += 1;
      db.createPost(MOCK_USER_IDS.dalia, created % 2 ? { content: `Post ${created}` } : { content: `Reply ${created}`, parentId: head });
    });
    // The reader leaves them behind the pill: the "new posts" scan reads them again each minute,
    // from the cache (scan-fetcher.ts).
    await screen.findByRole('button', { name: /new posts/ });
    // Measured (2026-11-30): [8, 8, 9, 8, 8, 9, 8, 8, 9, 23], 98 of the 120 allowed (each new post
    // once, the misses above the last, and the full check's 16; no ping, the checks' answers prove
    // the API). Before the light checks: 21 to 38 a minute.
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(2 * created + 4 * FULL_CHECK_EVERY);
  });

  it('asks nothing while the tab is hidden, and checks in full when it comes back', { timeout: 60_000 }, async () => {
    await settledFeed();
    setVisibility('hidden');
    expect(await perMinute(5)).toEqual([0, 0, 0, 0, 0]);

    db.createPost(MOCK_USER_IDS.dalia, { content: 'Posted while the tab was hidden' });
    const requests = recordRequests();
    setVisibility('visible');
    // 78: past 76 and 77, deleted, which a light check (the two ids after the head) would not reach.
    await screen.findByRole('button', { name: '1 new post' });
    requests.stop();
    expect(requests.seen.filter((line) => line.startsWith('GET /v2/post/')).length).toBeGreaterThan(2);
  });

  it('finds a new post within a minute with the light check', { timeout: 60_000 }, async () => {
    await settledFeed();
    // The head is 75; 76 and 77 were deleted. A full check (coming back to the tab after a while)
    // moves the head on to a new post past them...
    db.createPost(MOCK_USER_IDS.dalia, { content: 'First' });
    setVisibility('hidden');
    await pass(RETURN_AFTER_MS);
    setVisibility('visible');
    await screen.findByRole('button', { name: '1 new post' });
    await userShowsNew();
    // ...and the next one, right after it, is found by the light check of the next minute.
    db.createPost(MOCK_USER_IDS.dalia, { content: 'Second' });
    const requests = recordRequests();
    await pass(MINUTE);
    await screen.findByRole('button', { name: '1 new post' });
    requests.stop();
    expect(requests.count('GET /v2/post/79')).toBe(1);
  });
});

async function userShowsNew() {
  await act(async () => screen.getByRole('button', { name: '1 new post' }).click());
  await screen.findByText('First');
}
