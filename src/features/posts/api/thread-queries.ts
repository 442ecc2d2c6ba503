import { queryOptions } from '@tanstack/react-query';
import { createLimiter } from '../../../lib/limiter';
import { postQueries } from '../../../entities/post/queries';

/** Replies in flight at once, across the whole thread (every nesting level shares the bound). */
export const THREAD_MAX_IN_FLIGHT = 6;

// Its own budget, not the feed's: the two pages are never on screen together.
const replyLimiter = createLimiter(THREAD_MAX_IN_FLIGHT);

/**
 * One reply of a thread: the very same cache entry as `postQueries.detail(id)` (key, staleness,
 * retry), with its request queued behind the thread's bound. A thread of 100+ replies would
 * otherwise start 100+ requests in the same tick. Queued in mount order, so replies load in id order.
 */
export function threadReplyQuery(id: string) {
  const detail = postQueries.detail(id);
  const fetchPost = detail.queryFn;
  return queryOptions({
    ...detail,
    queryFn: (context) =>
      replyLimiter.run(async () => {
        // Left the page while waiting in line: give the slot straight back, send nothing.
        context.signal.throwIfAborted();
        if (!fetchPost) throw new Error('postQueries.detail has no query function.');
        return fetchPost(context);
      }),
  });
}
