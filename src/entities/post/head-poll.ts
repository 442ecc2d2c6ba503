/**
 * The check for new posts: the head (feed-queries.ts) checked again, one timer per query client
 * whoever asks (the feed, its "new posts"; the replies watch on every page: a reply is counted
 * within about a minute wherever the reader is), at the shortest interval asked:
 *
 * - first, at once: on start, when the head came with the persisted cache (the page before this one
 *   checked it, however long ago) and nothing has checked it since;
 * - then NEW_POSTS_CHECK_MS after the last check, whoever made it (the feed's own when it mounts
 *   with a head 30 s old, a return to the tab), while the tab is visible; never while it is hidden;
 * - on coming back to the tab after a while (tab-return.ts): at once, in full, and the minute from there.
 *
 * So coming back never waits for the minute, and costs no more: the check at once replaces the one
 * the minute would have made. Asked while the head is not known yet, it finds it (a first discovery,
 * or one that failed, tried again each interval): only the feed asks then; the replies watch waits
 * for the head. Loaded on demand: by the feed's later part and the replies watch, after the first content.
 */
import { focusManager, QueryObserver, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { checksOf, feedQueries } from './feed-queries';
import { onTabReturn, RETURN_AFTER_MS } from './tab-return';
import { useIsReaderTab } from './reader-tab';

/** How often the head is checked while the tab is visible (the feed's and the replies watch's one check). */
export const NEW_POSTS_CHECK_MS = 60_000;

/** The next check of the head reads all 16 ids above it (coming back after a while). */
export function checkInFull(client: QueryClient): void {
  checksOf(client).full = true;
}

/** Whether the head was checked with this client, not only restored from the persisted cache. */
const headCheckedHere = (client: QueryClient): boolean => !!checksOf(client).checked;

interface Poll {
  /** The intervals asked for, one entry per ask: the shortest applies. */
  asks: number[];
  /** Re-arms the timer for the next check (none while nobody asks, the tab is hidden, or a check runs). */
  schedule(): void;
  stop(): void;
}

function startPoll(client: QueryClient): Poll {
  // Nothing on subscribing, focus or reconnecting once the head is known: only this timer checks.
  const observer = new QueryObserver(client, { ...feedQueries.head(), staleTime: Infinity, refetchOnReconnect: false });
  let timer: ReturnType<typeof setTimeout> | undefined;
  // cancelRefetch false: a check under way (the feed's, a first discovery) is joined, not restarted.
  const check = () => void observer.refetch({ cancelRefetch: false });
  const asks: number[] = [];

  function schedule(): void {
    clearTimeout(timer);
    const { fetchStatus, dataUpdatedAt, errorUpdatedAt } = observer.getCurrentResult();
    if (asks.length === 0 || fetchStatus === 'fetching' || !focusManager.isFocused()) return;
    if (!headCheckedHere(client)) {
      // The start's check, at once: the head came with the persisted cache (or not at all). In full
      // when the page before checked it a while ago (a light check misses a post past deleted ids,
      // and coming back is when one is looked for).
      if (Date.now() - dataUpdatedAt >= RETURN_AFTER_MS) checkInFull(client);
      return check();
    }
    const last = Math.max(dataUpdatedAt, errorUpdatedAt);
    timer = setTimeout(check, Math.max(0, last + Math.min(...asks) - Date.now()));
  }

  // Every change of the head's state: a check that began (from anywhere) clears the timer, one that ended re-arms it.
  const unsubscribe = observer.subscribe(schedule);
  // Shown again re-arms (a check that fell due while hidden runs now); hidden clears.
  const unfocus = focusManager.subscribe(schedule);
  const unreturn = onTabReturn(() => {
    checkInFull(client);
    check();
  });
  return {
    asks,
    schedule,
    stop() {
      clearTimeout(timer);
      unsubscribe();
      unfocus();
      unreturn();
    },
  };
}

const polls = new WeakMap<QueryClient, Poll>();

/**
 * Asks for the check every `every` ms while the component is mounted and `active`, in the tab that
 * reads for the account's tabs (reader-tab.ts): the others hear what it finds (app/tab-sync.ts).
 */
export function useHeadPoll(every = NEW_POSTS_CHECK_MS, asked = true): void {
  const client = useQueryClient();
  const reader = useIsReaderTab();
  const active = asked && reader;
  useEffect(() => {
    if (!active) return;
    let poll = polls.get(client);
    if (!poll) {
      poll = startPoll(client);
      polls.set(client, poll);
    }
    const current = poll;
    current.asks.push(every);
    current.schedule();
    return () => {
      current.asks.splice(current.asks.indexOf(every), 1);
      if (current.asks.length > 0) return current.schedule();
      current.stop();
      polls.delete(client);
    };
  }, [client, every, active]);
}
