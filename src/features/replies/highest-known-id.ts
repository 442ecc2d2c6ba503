import { matchQuery, type QueryCacheNotifyEvent, type QueryClient } from '@tanstack/react-query';
import { highestSeenId } from '../../entities/post/feed-cache';
import { feedQueries } from '../../entities/post/feed-queries';
import { postQueries } from '../../entities/post/queries';

/**
 * The highest post id known now: replies at or below it existed before this moment. The feed's
 * head, else the highest id of a post in the cache (a first visit that opened a thread).
 */
export function highestKnownId(client: QueryClient): number {
  let highest = highestSeenId(client);
  // Posts found, not the ids a scan found missing.
  for (const query of client.getQueryCache().findAll({ queryKey: postQueries.details(), predicate: (q) => q.state.status === 'success' })) {
    const id = Number(query.queryKey[2]);
    if (Number.isSafeInteger(id) && id > highest) highest = id;
  }
  return highest;
}

/**
 * Whether the feed has found the newest post since `since` (epoch ms): only then is "what exists
 * now" known, and an account's first baseline can be taken (a first visit that opened a thread
 * knows the thread's ids, not the newest).
 */
export function headFoundSince(client: QueryClient, since: number): boolean {
  const state = client.getQueryState(feedQueries.head().queryKey);
  return state?.status === 'success' && state.dataUpdatedAt >= since;
}

/** A cache event that is the feed finding its newest post. */
export function isHeadFound(event: QueryCacheNotifyEvent): boolean {
  return event.type === 'updated' && event.action.type === 'success' && matchQuery({ queryKey: feedQueries.head().queryKey, exact: true }, event.query);
}
