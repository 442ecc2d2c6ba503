/**
 * What an open feed costs the server while nothing new is posted (issue 10: at most 3 requests a
 * minute, none while the tab is hidden), counted minute by minute with fake timers.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FULL_CHECK_EVERY } from '../../../src/entities/post/feed-queries';
import { db, MOCK_TOKENS, MOCK_USER_IDS } from '../../support/mock-backend';
import { renderApp } from '../../support/render-app';
import { fakeWindowScroll, recordRequests } from '../../support/feed-helpers';

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

/** Lets `ms` of (fake) time pass in one-second steps, so answers arrive between timers. */
async function pass(ms: number) {
  for (let done = 0; done < ms; done += 1000) await act(() => vi.advanceTimersByTimeAsync(1000));
}

async function settledFeed() {
  renderApp({ route: '/', token: MOCK_TOKENS.ada });
  const feed = await screen.findByRole('feed', { name: 'Posts' });
  await within(feed).findByText(/Newest seed post/);
  // The first visit's work: the next page and the check of the ids above the head.
  await waitFor(() => expect(feed).toHaveAttribute('aria-busy', 'false'));
  await pass(10_000);
  return feed;
}

/** Requests per minute over `minutes` minutes. */
async function perMinute(minutes: number): Promise<number[]> {
  const counts: number[] = [];
  for (let i = 0; i < minutes; i += 1) {
    const requests = recordRequests();
    await pass(MINUTE);
    requests.stop();
    counts.push(requests.seen.length);
  }
  return counts;
}

describe('an idle feed', () => {
  it('costs at most 3 requests a minute while nothing is new, with a full check now and then', { timeout: 60_000 }, async () => {
    await settledFeed();
    const counts = await perMinute(FULL_CHECK_EVERY);
    // Each minute: the ids right after the head (2) and the status ping (1); one minute in
    // FULL_CHECK_EVERY checks the head and the 16 ids above it instead.
    // Measured: 3 a minute, and 19 in the full check's (the ping, the head, the gallop's first
    // round and the rest of the 16 ids). Before: 16 to 29 requests every minute.
    expect(counts.filter((count) => count <= 3)).toHaveLength(FULL_CHECK_EVERY - 1);
    expect(Math.max(...counts)).toBeLessThanOrEqual(20);
  });

  it('asks nothing while the tab is hidden, and checks in full when it comes back', { timeout: 60_000 }, async () => {
    await settledFeed();
    setVisibility('hidden');
    expect(await perMinute(5)).toEqual([0, 0, 0, 0, 0]);

    db.createPost(MOCK_USER_IDS.dalia, { content: 'Posted while the tab was hidden' });
    const requests = recordRequests();
    setVisibility('visible');
    // 78: past 76 and 77, deleted, which a light check (the two ids after the head) would not reach.
    expect(await screen.findByRole('button', { name: '1 new post' })).toBeInTheDocument();
    requests.stop();
    expect(requests.seen.filter((line) => line.startsWith('GET /v2/post/')).length).toBeGreaterThan(2);
  });

  it('finds a new post within a minute with the light check', { timeout: 60_000 }, async () => {
    await settledFeed();
    // The head is 75; 76 and 77 were deleted. Past a full check the head moves on to a new post...
    db.createPost(MOCK_USER_IDS.dalia, { content: 'First' });
    setVisibility('visible');
    await screen.findByRole('button', { name: '1 new post' });
    await userShowsNew();
    // ...and the next one, right after it, is found by the light check of the next minute.
    db.createPost(MOCK_USER_IDS.dalia, { content: 'Second' });
    const requests = recordRequests();
    await pass(MINUTE);
    expect(await screen.findByRole('button', { name: '1 new post' })).toBeInTheDocument();
    requests.stop();
    expect(requests.count('GET /v2/post/79')).toBe(1);
  });
});

async function userShowsNew() {
  await act(async () => screen.getByRole('button', { name: '1 new post' }).click());
  await screen.findByText('First');
}
