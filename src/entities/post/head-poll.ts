/**
 * The minute's check for new posts: the head (feed-queries.ts) checked again every
 * NEW_POSTS_CHECK_MS while the tab is visible, never while it is hidden. One per query client,
 * whoever asks: the feed (its "new posts") and the replies watch on every page (a reply is counted
 * within about a minute wherever the reader is). Each Query observer with an interval checks on
 * its own timer, so two owners would check twice a minute: here one observer of the head holds the
 * one timer while anyone asks, at the shortest interval asked.
 *
 * Asked while the head is not known yet, it finds it (a first discovery, or one that failed, tried
 * again each interval): only the feed asks then; the replies watch waits for the head. Focus is the
 * feed's own observer's business (refetchOnWindowFocus: 'always' there); this one keeps the time.
 */
import { QueryObserver, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { feedQueries, NEW_POSTS_CHECK_MS } from './feed-queries';
import { useIsReaderTab } from './reader-tab';

const newPoll = (client: QueryClient) => ({ observer: new QueryObserver(client, feedQueries.head()), asks: [] as number[] });
const polls = new WeakMap<QueryClient, ReturnType<typeof newPoll>>();

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
    const poll = polls.get(client) ?? newPoll(client);
    polls.set(client, poll);
    const { observer, asks } = poll;
    const follow = () =>
      observer.setOptions({
        ...feedQueries.head(),
        // Not while the tab is hidden (refetchIntervalInBackground is off).
        refetchInterval: Math.min(...asks),
        refetchOnWindowFocus: false,
        // Nothing on subscribing or reconnecting once the head is known: only the interval checks.
        staleTime: Infinity,
      });
    asks.push(every);
    follow();
    // The observer checks while it has a listener: one per ask.
    const stop = observer.subscribe(() => {});
    return () => {
      asks.splice(asks.indexOf(every), 1);
      stop();
      if (asks.length > 0) follow();
    };
  }, [client, every, active]);
}
