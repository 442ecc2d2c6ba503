/**
 * How every id scan of the app reads a post: through the shared post cache, within one shared
 * bound on requests in flight.
 */
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api/api-error';
import type { Post } from '../../lib/api/schemas';
import { createLimiter } from '../../lib/limiter';
import { isPassingFailure, retryDelay } from '../../lib/query-client';
import type { FetchPost } from './feed-scan';
import { postQueries } from './queries';

/** While paging down, a 404 this recent is not asked again; looking above the top always asks. */
const MISS_REUSE_MS = 60_000;

/** Every scan request of the app shares these six slots. */
export const scanLimiter = createLimiter();

/**
 * A read failing the way a flaky network fails (5xx, 429, no answer) is tried again until no scan
 * read at all has been answered for this long: the network is gone, or every answer is an error.
 */
export const GIVE_UP_MS = 10_000;
/** Date.now() when a scan read was last answered (a post, or a 404: a hole is an answer). */
let answeredAt = 0;

const isMissing = (error: unknown) => isApiError(error) && error.kind === 'not_found';

/**
 * Every post found lands in postQueries.detail(id), the entry the thread and profile read too.
 * Each read retries on its own (the backoff and Retry-After of query-client.ts), in the limiter slot
 * it holds: a scan of dozens of reads under 30 % faults would otherwise almost never finish, and the
 * retries stay within the scan's bound on requests in flight. So the queries that run scans do not
 * retry them as a whole. A client whose queries never retry (tests) retries no read either.
 */
export function cachedFetcher(client: QueryClient, reuseMisses: boolean): FetchPost<Post> {
  return async (id, signal) => {
    const detail = postQueries.detail(String(id));
    const state = client.getQueryState(detail.queryKey);
    const recentMiss =
      state?.status === 'error' && isMissing(state.error) && Date.now() - state.errorUpdatedAt < MISS_REUSE_MS;
    if (reuseMisses && recentMiss) return null;
    // Above the top of the feed a post is looked for to learn that its id holds one: a copy in
    // the cache says so (a check found it; the "new posts" scan reads them all again each check).
    if (!reuseMisses && state?.status === 'success') return state.data!;
    let failingSince = 0;
    try {
      // Not remembered per post (a storage write per read): each scan remembers its highest find once.
      const post = await client.fetchQuery({
        ...detail,
        retry:
          client.getDefaultOptions().queries?.retry !== false &&
          ((_, error) =>
            !signal?.aborted && isPassingFailure(error) && Date.now() - Math.max((failingSince ||= Date.now()), answeredAt) < GIVE_UP_MS),
        retryDelay,
      });
      answeredAt = Date.now();
      return post;
    } catch (error) {
      if (!isMissing(error)) throw error;
      answeredAt = Date.now();
      return null;
    }
  };
}
