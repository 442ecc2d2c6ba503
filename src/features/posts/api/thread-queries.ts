import { queryOptions } from '@tanstack/react-query';
import { createLimiter } from '../../../lib/limiter';
import { postQueries } from '../../../entities/post/queries';

/** Replies in flight at once, across the whole thread (every nesting level shares the bound). */
export const THREAD_MAX_IN_FLIGHT = 6;

/**
 * Where a reply stands in the thread as it is read: its index in each reply list from the thread
 * post's own down to its own, each padded to the same width and '/'-joined (`replyPlace`), so that
 * comparing two places as strings is comparing them in reading order: a reply comes after the one it
 * answers and before that one's next sibling.
 */
export type ReplyPlace = string;

const PLACE_WIDTH = 6;

/** The place of the reply at `index` in the list whose parent reply stands at `parent` ('' for the thread post). */
export function replyPlace(parent: ReplyPlace, index: number): ReplyPlace {
  const own = String(index).padStart(PLACE_WIDTH, '0');
  return parent ? `${parent}/${own}` : own;
}

// Its own budget, not the feed's: the two pages are never on screen together. Queued by place:
// mount order would put a reply's own replies (mounted once it has arrived) behind every sibling below
// it, so that under the first of 120 replies its answer would wait for the other 119, far off the screen.
const replyLimiter = createLimiter(THREAD_MAX_IN_FLIGHT);

/**
 * One reply of a thread: the very same cache entry as `postQueries.detail(id)` (key, staleness,
 * retry), with its request queued behind the thread's bound. A thread of 100+ replies would
 * otherwise start 100+ requests in the same tick. Queued by place, so replies load as they are read:
 * the first reply's own replies before the tenth reply.
 */
export function threadReplyQuery(id: string, place: ReplyPlace) {
  const detail = postQueries.detail(id);
  const fetchPost = detail.queryFn;
  return queryOptions({
    ...detail,
    queryFn: (context) =>
      replyLimiter.run(
        async () => {
          // Left the page while waiting in line: give the slot straight back, send nothing.
          context.signal.throwIfAborted();
          if (!fetchPost) throw new Error('postQueries.detail has no query function.');
          return fetchPost(context);
        },
        'high',
        place,
      ),
  });
}
