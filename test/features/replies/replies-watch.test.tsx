import { matchQuery, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { moveClock, useTestClock } from '../../support/clock';
import { feedPainted, feedQueries } from '../../../src/entities/post/feed-queries';
import { NEW_POSTS_CHECK_MS } from '../../../src/entities/post/head-poll';
import { freshRepliesState, writeRepliesState } from '../../../src/entities/replies/replies-store';
import { repliesBadge } from '../../../src/features/replies/replies-badge';
import { CATCH_UP_AFTER_HIDDEN_MS, CATCH_UP_REQUESTS } from '../../../src/features/replies/catch-up';
import { RepliesWatch } from '../../../src/features/replies/replies-watch';
import { idleAtOnce, recordRequests } from '../../support/feed-helpers';
import { identifyAccount } from '../../../src/entities/account/device-accounts';
import { signInAs } from '../../support/account-data';
import { adasPosts, watchTestContext } from '../../support/replies-watch';

/** The watch for ada, in a router as in the header. */
function renderWatch() {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RepliesWatch account={signInAs('ada')} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

let client: QueryClient;

/** The local id of the account called `username` on this device. */
const id = (username: string) => identifyAccount({ username });

const watch = watchTestContext({ after: cleanup });
beforeEach(() => {
  client = watch.client;
});


describe('the replies watch', () => {
  it('catches up on start only when visible, and again when the tab returns after a long time hidden', async () => {
    idleAtOnce();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    watch.setVisibility('hidden');
    writeRepliesState(id('ada'), { ...freshRepliesState(77), own: adasPosts(), baseline: false });
    const requests = recordRequests();
    renderWatch();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(requests.seen).toEqual([]);

    const show = async (state: DocumentVisibilityState) => {
      watch.setVisibility(state);
      await act(async () => {
        document.dispatchEvent(new Event('visibilitychange'));
        await vi.advanceTimersByTimeAsync(10);
      });
    };
    await show('visible');
    await waitFor(() => expect(requests.seen.length).toBeGreaterThan(0));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    const first = requests.seen.length;
    expect(first).toBeLessThanOrEqual(CATCH_UP_REQUESTS);

    // A short time away: nothing more.
    await show('hidden');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await show('visible');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(requests.seen.length).toBe(first);

    // Away for ten minutes: one more catch-up (its posts are no longer fresh).
    await show('hidden');
    await act(() => vi.advanceTimersByTimeAsync(CATCH_UP_AFTER_HIDDEN_MS));
    await show('visible');
    await waitFor(() => expect(requests.seen.length).toBeGreaterThan(first));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(requests.seen.length - first).toBeLessThanOrEqual(CATCH_UP_REQUESTS);
    requests.stop();
    vi.useRealTimers();
  });

  it('gives the header its label and badge while replies are unseen', async () => {
    writeRepliesState(id('ada'), {
      ...freshRepliesState(0),
      own: ['5'],
      replies: [
        { id: '9', parent: '5', seen: false },
        { id: '6', parent: '5', seen: false },
      ],
      baseline: false,
    });
    watch.setVisibility('hidden');
    renderWatch();
    await waitFor(() => expect(repliesBadge.get()).toEqual({ label: 'Replies, 2 new', badge: '2' }));
    cleanup();
    expect(repliesBadge.get()).toBeNull();
  });

  it("asks for the minute's check for new posts once the head is known: never a first discovery of its own", async () => {
    useTestClock();
    writeRepliesState(id('ada'), { ...freshRepliesState(77), baseline: false });
    feedPainted(client);
    let checks = 0;
    client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'fetch' && matchQuery({ queryKey: feedQueries.head().queryKey, exact: true }, event.query)) checks += 1;
    });
    renderWatch();
    await moveClock(2 * NEW_POSTS_CHECK_MS);
    expect(checks).toBe(0);
    // The head is known (the persisted cache brought it): from then on the watch keeps the check
    // going, wherever the reader is: at once (nothing has checked it in this page yet), then each minute.
    await act(async () => void client.setQueryData(feedQueries.head().queryKey, 77));
    await moveClock(0);
    expect(checks).toBe(1);
    await moveClock(NEW_POSTS_CHECK_MS);
    expect(checks).toBe(2);
    await moveClock(NEW_POSTS_CHECK_MS);
    expect(checks).toBe(3);
  });
});
