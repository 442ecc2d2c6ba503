/**
 * The service has no per-user listing, so a profile shows the posts of that person that this
 * session has already loaded (feed, threads): every post detail entry in the query cache.
 */
import { useQueryClient, type QueryCacheNotifyEvent, type QueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { postQueries } from '../entities/post/queries';
import { isPostDetailEvent } from '../entities/post/post-events';
import type { Post } from '../lib/api/schemas';

/** Data changed, or an entry went: the only events that can change what is cached. */
function changesData(event: QueryCacheNotifyEvent): boolean {
  if (!isPostDetailEvent(event)) return false;
  return event.type === 'removed' || (event.type === 'updated' && event.action.type === 'success');
}

function byNewest(a: Post, b: Post): number {
  const byDate = (b.date ?? 0) - (a.date ?? 0);
  return byDate !== 0 ? byDate : Number(b.id) - Number(a.id);
}

export function cachedPostsByAuthor(queryClient: QueryClient, uuid: string): Post[] {
  const posts: Post[] = [];
  for (const [, post] of queryClient.getQueriesData<Post>({ queryKey: postQueries.details() })) {
    if (post?.author?.uuid === uuid) posts.push(post);
  }
  return posts.sort(byNewest);
}

function sameItems(a: Post[], b: Post[]): boolean {
  return a.length === b.length && a.every((post, i) => post === b[i]);
}

function createStore(queryClient: QueryClient, uuid: string) {
  let snapshot: Post[] = [];
  let dirty = true;
  return {
    subscribe(onChange: () => void) {
      // Anything may have landed between the first render and this subscription.
      dirty = true;
      return queryClient.getQueryCache().subscribe((event) => {
        if (!changesData(event)) return;
        dirty = true;
        onChange();
      });
    },
    // A stable array until the cached posts of this author really change (useSyncExternalStore needs that).
    getSnapshot() {
      if (!dirty) return snapshot;
      dirty = false;
      const next = cachedPostsByAuthor(queryClient, uuid);
      if (!sameItems(next, snapshot)) snapshot = next;
      return snapshot;
    },
  };
}

/** Posts by this author already in the cache, newest first; updates as more arrive. */
export function useCachedPostsByAuthor(uuid: string): Post[] {
  const queryClient = useQueryClient();
  const store = useMemo(() => createStore(queryClient, uuid), [queryClient, uuid]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
