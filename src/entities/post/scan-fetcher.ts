/**
 * How every id scan of the app reads a post: through the shared post cache, within one shared
 * bound on requests in flight.
 */
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api/api-error';
import type { Post } from '../../lib/api/schemas';
import { createLimiter } from '../../lib/limiter';
import type { FetchPost } from './feed-scan';
import { postQueries } from './queries';

/** While paging down, a 404 this recent is not asked again; looking above the top always asks. */
const MISS_REUSE_MS = 60_000;

/** Every scan request of the app shares these six slots. */
export const scanLimiter = createLimiter();

const isMissing = (error: unknown) => isApiError(error) && error.kind === 'not_found';

/**
 * Every post found lands in postQueries.detail(id), the entry the thread and profile read too.
 * `retryEach`: for a scan that no query runs (postsAbove), each read retries on its own instead.
 */
export function cachedFetcher(client: QueryClient, reuseMisses: boolean, retryEach = false): FetchPost<Post> {
  return async (id) => {
    const detail = postQueries.detail(String(id));
    const state = client.getQueryState(detail.queryKey);
    const recentMiss =
      state?.status === 'error' && isMissing(state.error) && Date.now() - state.errorUpdatedAt < MISS_REUSE_MS;
    if (reuseMisses && recentMiss) return null;
    // Above the top of the feed a post is looked for to learn that its id holds one: a copy in
    // the cache says so (a check found it; the "new posts" scan reads them all again each check).
    if (!reuseMisses && state?.status === 'success') return state.data!;
    try {
      // No retry per post: the page or head query that runs the scan retries as a whole (its
      // posts already fetched are cached), so failures are not retried inside retries.
      // Not remembered per post (a storage write per read): each scan remembers its highest find once.
      return await client.fetchQuery(retryEach ? detail : { ...detail, retry: false });
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
}
