import { focusManager, matchQuery, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { moveClock, useTestClock } from '../../support/clock';
import { testQueryClient } from '../../support/query-client';
import { feedPainted, feedQueries, NEW_POSTS_CHECK_MS } from '../../../src/entities/post/feed-queries';
import { useHeadPoll } from '../../../src/entities/post/head-poll';
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

beforeEach(() => {
  useTestClock();
  configureApi({ baseUrl: TEST_API_BASE, getToken: () => MOCK_TOKENS.ada, timeoutMs: 2_000 });
  client = testQueryClient();
  // The head is known (the feed found it): each check is a light one from there.
  client.setQueryData(feedQueries.head().queryKey, 75);
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

/** Observers of the head that check on a timer of their own. */
const timers = () => client.getQueryCache().find({ queryKey: feedQueries.head().queryKey, exact: true })!.observers.filter((o) => o.options.refetchInterval).length;

const renderAskers = (...askers: React.ReactElement[]) => render(<QueryClientProvider client={client}>{askers}</QueryClientProvider>);

describe('the one head poll', () => {
  it('checks once a minute however many ask (the feed and the replies watch): one timer, not one each', async () => {
    const view = renderAskers(<Asker key="feed" />);
    await moveClock(NEW_POSTS_CHECK_MS / 2);
    // The replies watch asks half a minute later: on a timer of its own it would check in between.
    view.rerender(<QueryClientProvider client={client}>{[<Asker key="feed" />, <Asker key="replies" />]}</QueryClientProvider>);
    expect(timers()).toBe(1);
    for (let minute = 1; minute <= 3; minute += 1) {
      await moveClock(NEW_POSTS_CHECK_MS);
      expect(checks).toBe(minute);
    }
  });

  it('checks nothing while the tab is hidden, and goes on once it is shown', async () => {
    renderAskers(<Asker key="feed" />, <Asker key="replies" />);
    focusManager.setFocused(false);
    await moveClock(3 * NEW_POSTS_CHECK_MS);
    expect(checks).toBe(0);
    focusManager.setFocused(true);
    await moveClock(NEW_POSTS_CHECK_MS);
    expect(checks).toBe(1);
  });

  it('checks at the shortest interval asked, the next shortest once that ask ends, and not at all once none asks', async () => {
    const view = renderAskers(<Asker key="slow" />, <Asker key="fast" every={1_000} />);
    await moveClock(3_000);
    expect(checks).toBe(3);
    view.rerender(<QueryClientProvider client={client}>{[<Asker key="slow" />]}</QueryClientProvider>);
    await moveClock(3_000);
    expect(checks).toBe(3);
    await moveClock(NEW_POSTS_CHECK_MS);
    expect(checks).toBe(4);
    view.unmount();
    await moveClock(3 * NEW_POSTS_CHECK_MS);
    expect(checks).toBe(4);
  });

  it('an ask that is not active (the replies watch before the head is known) starts no check', async () => {
    renderAskers(<Asker key="replies" active={false} />);
    await moveClock(3 * NEW_POSTS_CHECK_MS);
    expect(checks).toBe(0);
  });
});
