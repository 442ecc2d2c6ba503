import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Changes a query's cached data now, and again once a fetch of it under way has ended: the fetch's
 * answer replaces what it finds (an infinite query adds its page to the pages as they were when it
 * started), so a change made meanwhile was lost when it landed — a deleted post back in the feed with
 * Delete offered again, a reply just sent missing from its post's list. `update` is given the data
 * only when there is some, and is applied twice then: it must give the same data when applied again.
 */
export function updateThroughFetch<T>(client: QueryClient, queryKey: QueryKey, update: (data: T) => T): void {
  const apply = () => client.setQueryData<T>(queryKey, (data) => (data === undefined ? data : update(data)));
  apply();
  const cache = client.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  // A fetch paused while the network is away lands later all the same.
  if (!query || query.state.fetchStatus === 'idle') return;
  // Called inside the dispatch that ends the fetch, before anything renders its answer.
  const stop = cache.subscribe((event) => {
    if (event.query !== query) return;
    if (event.type === 'removed') return stop();
    if (event.type !== 'updated' || query.state.fetchStatus !== 'idle') return;
    stop();
    apply();
  });
}
