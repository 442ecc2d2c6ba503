import { focusManager, matchQuery, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { moveClock } from '../../support/clock';
import { testQueryClient } from '../../support/query-client';
import { recordRequests } from '../../support/feed-helpers';
import { feedPainted, feedQueries } from '../../../src/entities/post/feed-queries';
import { RETURN_AFTER_MS } from '../../../src/entities/post/tab-return';
import { NEW_POSTS_CHECK_MS, useHeadPoll } from '../../../src/entities/post/head-poll';
import { configureApi } from '../../../src/lib/api/client';
import { MOCK_TOKENS, TEST_API_BASE } from '../../support/mock-backend';

/** One who asks for the check (the feed, the replies watch). */
function Asker({ every, active }: { every?: number; active?: boolean }) {
  useHeadPoll(every, active);
  return null;
}

let client: QueryClient;
/** Checks of the head begun so far. */
let checks = 0;

/** The head known, as the page before left it in the persisted cache `age` ms ago (the seed's newest post, 75; 76 and 77 were deleted). */
function restoredHead(age = 0) {
  client.setQueryData(feedQueries.head().queryKey, 75, { updatedAt: Date.now() - age });
}

beforeEach(() => {
  // The test clock, and Date on it too: the poll counts the minute from the last check's time.
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  configureApi({ baseUrl: TEST_API_BASE, getToken: () => MOCK_TOKENS.ada, timeoutMs: 2_000 });
  client = testQueryClient();
  feedPainted(client);
  checks = 0;
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'fetch' && matchQuery({ queryKey: feedQueries.head().queryKey, exact: true }, event.query)) checks += 1;
  });
});

afterEach(() => {
  focusManager.setFocused(undefined);
  vi.useRealTimers();
});

const askers = (...elements: React.ReactElement[]) => <QueryClientProvider client={client}>{elements}</QueryClientProvider>;
const renderAskers = (...elements: React.ReactElement[]) => render(askers(...elements));

/** The tab hidden for `ms`, then shown again. */
async function awayFor(ms: number) {
  act(() => focusManager.setFocused(false));
  await moveClock(ms);
  act(() => focusManager.setFocused(true));
  await moveClock(0);
}

/** Reads of the ids above the head in the checks made during `run`: 1 or 2 for a light check, 16 for a full one. */
async function readsAbove(run: () => Promise<void>): Promise<number> {
  const requests = recordRequests();
  await run();
  requests.stop();
  return requests.seen.filter((line) => /^GET \/v2\/post\/(7[6-9]|[89]\d)$/.test(line)).length;
}

describe('the one head poll', () => {
  it('checks at once on start when the head only came with the cache, then once a minute however many ask', async () => {
    restoredHead();
    const view = renderAskers(<Asker key="feed" />);
    await moveClock(0);
    expect(checks).toBe(1);
    await moveClock(NEW_POSTS_CHECK_MS / 2);
    // The replies watch asks half a minute later: on a timer of its own it would check in between.
    view.rerender(askers(<Asker key="feed" />, <Asker key="replies" />));
    await moveClock(NEW_POSTS_CHECK_MS / 2 - 1_000);
    expect(checks).toBe(1);
    for (let minute = 1; minute <= 3; minute += 1) {
      await moveClock(NEW_POSTS_CHECK_MS);
      expect(checks).toBe(1 + minute);
    }
  });

  it('checks a head the cache kept from a while ago in full at start, a recent one lightly', async () => {
    restoredHead(RETURN_AFTER_MS);
    expect(await readsAbove(async () => {
      renderAskers(<Asker key="feed" />);
      await moveClock(0);
    })).toBe(16);
    // From then on, light: the minute's check reads the id after the head.
    expect(await readsAbove(() => moveClock(NEW_POSTS_CHECK_MS))).toBeLessThanOrEqual(2);
  });

  it('counts the minute from the last check, whoever made it: a check at once does not add one', async () => {
    restoredHead();
    renderAskers(<Asker key="feed" />);
    await moveClock(40_000);
    expect(checks).toBe(1);
    // The feed checks on its own (it mounted with a head 30 s old): the poll's next is a minute after that.
    await act(() => client.refetchQueries({ queryKey: feedQueries.head().queryKey }));
    expect(checks).toBe(2);
    await moveClock(NEW_POSTS_CHECK_MS - 1_000);
    expect(checks).toBe(2);
    await moveClock(1_000);
    expect(checks).toBe(3);
  });

  it('checks nothing while the tab is hidden; shown again soon it goes on with the minute, after a while it checks at once and in full', async () => {
    restoredHead();
    renderAskers(<Asker key="feed" />, <Asker key="replies" />);
    await moveClock(0);
    expect(checks).toBe(1);
    // A glance away (10 s): nothing more, the minute goes on.
    await awayFor(10_000);
    expect(checks).toBe(1);
    await moveClock(NEW_POSTS_CHECK_MS - 10_000);
    expect(checks).toBe(2);
    // Away three minutes: nothing while hidden; shown again, at once and in full, then the minute from there.
    const reads = await readsAbove(async () => {
      await awayFor(3 * NEW_POSTS_CHECK_MS);
    });
    expect(checks).toBe(3);
    expect(reads).toBe(16);
    await moveClock(NEW_POSTS_CHECK_MS - 1_000);
    expect(checks).toBe(3);
    await moveClock(1_000);
    expect(checks).toBe(4);
  });

  it('shown again after the minute fell due while hidden, checks at once: the check it missed, not one more', async () => {
    restoredHead();
    renderAskers(<Asker key="feed" />);
    await moveClock(50_000);
    await awayFor(20_000);
    expect(checks).toBe(2);
  });

  it('checks at the shortest interval asked, the next shortest once that ask ends, and not at all once none asks', async () => {
    restoredHead();
    const view = renderAskers(<Asker key="slow" />, <Asker key="fast" every={1_000} />);
    await moveClock(0);
    await moveClock(3_000);
    expect(checks).toBe(4);
    view.rerender(askers(<Asker key="slow" />));
    await moveClock(3_000);
    expect(checks).toBe(4);
    await moveClock(NEW_POSTS_CHECK_MS);
    expect(checks).toBe(5);
    view.unmount();
    await moveClock(3 * NEW_POSTS_CHECK_MS);
    expect(checks).toBe(5);
  });

  it('an ask that is not active (the replies watch before the head is known) starts no check', async () => {
    renderAskers(<Asker key="replies" active={false} />);
    await moveClock(3 * NEW_POSTS_CHECK_MS);
    expect(checks).toBe(0);
  });
});
