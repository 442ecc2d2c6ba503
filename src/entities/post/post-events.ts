import { partialMatchKey, type QueryCacheNotifyEvent } from '@tanstack/react-query';
import { postQueries } from './queries';

/**
 * A query cache event about one post's entry (postQueries.detail). Only what watches the cache
 * after the first content asks (learning one's uuid, the tab sync, the replies watch): a module of
 * its own, out of the first load's core chunk (vite.config.ts).
 */
export function isPostDetailEvent(event: QueryCacheNotifyEvent): boolean {
  return partialMatchKey(event.query.queryKey, postQueries.details());
}
