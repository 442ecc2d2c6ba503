import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { memo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router-dom';
import { useT } from '../../../i18n/use-t';
import { isApiError } from '../../../lib/api/api-error';
import type { Post } from '../../../lib/api/schemas';
import { replyPlace, threadReplyQuery, type ReplyPlace } from '../api/thread-queries';
import { PostCard } from '../../../entities/post/ui/post-card';
import { ReplyDeleted, ReplyError, ReplySkeleton } from './reply-list-states';

/** Replies of replies load on their own down to this depth; deeper ones open as their own thread. */
export const MAX_NESTED_DEPTH = 3;
/** Nested lists show this many replies at first; the rest behind "Show N more replies". */
export const NESTED_BATCH = 5;

export interface ReplyListProps {
  ids: readonly string[];
  /** 1 for the thread post's own replies. */
  depth: number;
  /** Ids from the thread post down to this list's parent, '/'-joined: a reply never nests inside itself. */
  path: string;
  /** Where this list's parent reply stands in the thread as read ('' for the thread post's own list). */
  place?: ReplyPlace;
  /** Accessible name of the list, e.g. "Replies to Ada". */
  label: string;
  /** What each reply's card shows in (the app gives the mute feature's fold of a muted reply). */
  Gate?: ReplyGate;
}

/** Stands around a reply's card: it may show a line in its place. */
export type ReplyGate = ComponentType<{ post: Post; children: ReactNode }>;

const NoGate: ReplyGate = ({ children }) => children;

function countPending(results: UseQueryResult<Post>[]): number {
  return results.reduce((n, r) => (r.isPending ? n + 1 : n), 0);
}

/**
 * Replies in id order, each shown as soon as it is in the cache. Fetching goes through the
 * thread's bound (threadReplyQuery), queued in reading order; this list only asks for what it shows.
 */
export function ReplyList({ ids, depth, path, place = '', label, Gate = NoGate }: ReplyListProps) {
  const t = useT();
  const ancestors = path.split('/');
  const all = ids.filter((id) => !ancestors.includes(id));
  const [limit, setLimit] = useState(depth === 1 ? Number.POSITIVE_INFINITY : NESTED_BATCH);
  const visible = all.slice(0, limit);
  const places = visible.map((_, index) => replyPlace(place, index));
  const pending = useQueries({ queries: visible.map((id, index) => threadReplyQuery(id, places[index]!)), combine: countPending });

  const listRef = useRef<HTMLUListElement>(null);
  const showAll = () => {
    const firstRevealed = visible.length;
    flushSync(() => setLimit(all.length));
    // The "show more" button is gone: focus goes to the first reply it revealed.
    const item = listRef.current?.children[firstRevealed];
    if (item instanceof HTMLElement) item.focus();
  };

  const hidden = all.length - visible.length;
  return (
    <>
      <ul ref={listRef} className={`reply-list reply-list-depth-${Math.min(depth, MAX_NESTED_DEPTH)}`} aria-label={label}>
        {visible.map((id, index) => (
          <ReplyListItem key={id} id={id} depth={depth} path={path} place={places[index]!} Gate={Gate} />
        ))}
      </ul>
      {hidden > 0 && (
        <button type="button" className="link-button reply-show-more" onClick={showAll}>
          {t('thread.showMoreReplies', { count: hidden })}
        </button>
      )}
      {depth === 1 && (
        <p className="hint reply-list-status" role="status">
          {pending > 0 ? t('thread.loadingReplies', { count: pending }) : ''}
        </p>
      )}
    </>
  );
}

interface ReplyListItemProps {
  id: string;
  depth: number;
  path: string;
  place: ReplyPlace;
  Gate: ReplyGate;
}

/** Memoised on primitives (and the thread's one Gate): a reply arriving re-renders its own item, not its 100 siblings. */
const ReplyListItem = memo(function ReplyListItem({ id, depth, path, place, Gate }: ReplyListItemProps) {
  const t = useT();
  const query = useQuery(threadReplyQuery(id, place));
  const post = query.data;
  let body: React.ReactNode;
  if (post) {
    const name = post.author && (post.author.displayName || post.author.username);
    const childIds = post.replies;
    body = (
      <>
        <Gate post={post}>
          <PostCard post={post} />
        </Gate>
        {childIds.length > 0 &&
          (depth >= MAX_NESTED_DEPTH ? (
            <Link className="reply-continue" to={`/post/${post.id}`}>
              {t('thread.continueThread', { count: childIds.length })}
            </Link>
          ) : (
            <ReplyList ids={childIds} depth={depth + 1} path={`${path}/${post.id}`} place={place} label={name ? t('thread.repliesTo', { name }) : t('thread.repliesToReply')} Gate={Gate} />
          ))}
      </>
    );
  } else if (query.isError) {
    body =
      isApiError(query.error) && query.error.kind === 'not_found' ? (
        <ReplyDeleted />
      ) : (
        <ReplyError error={query.error} onRetry={() => void query.refetch()} />
      );
  } else {
    body = <ReplySkeleton />;
  }
  return (
    <li className="reply" tabIndex={-1} data-reply-id={id} aria-busy={!post && !query.isError}>
      {body}
    </li>
  );
});
