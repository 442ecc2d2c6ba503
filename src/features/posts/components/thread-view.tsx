import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ArrowUpIcon } from '../../../components/ui/later-icons';
import { ErrorState } from '../../../components/ui/states';
import { useT, type Translate } from '../../../i18n/use-t';
import { isApiError } from '../../../lib/api/api-error';
import type { Post } from '../../../lib/api/schemas';
import { postQueries } from '../../../entities/post/queries';
import { PostCard } from '../../../entities/post/ui/post-card';
import { ReplyList, type ReplyGate } from './reply-list';
import { ThreadHeading } from './thread-heading';
import { RepliesClosed, ThreadNotFound, ThreadSkeleton } from './thread-states';

export interface ThreadViewProps {
  /** A post id already checked to be a non-negative integer (normalizePostId). */
  id: string;
  /**
   * Slot for the reply composer (a later issue). Called only for a post that takes replies;
   * a locked post shows why replies are closed in its place.
   */
  renderReplyBox?: (post: Post) => React.ReactNode;
  /** The signed-in author deleted the thread's own post. */
  onDeleted?: () => void;
  /** Stands around each reply's card (the app gives the mute feature's fold of a muted reply). */
  replyGate?: ReplyGate;
}

function authorName(post: Post, t: Translate): string {
  const author = post.author;
  return (author && (author.displayName || author.username)) || t('post.unknownAuthor');
}

/** The post, the reply box slot, then its replies, nested. */
export function ThreadView({ id, renderReplyBox, onDeleted, replyGate }: ThreadViewProps) {
  const t = useT();
  const query = useQuery(postQueries.detail(id));
  const post = query.data;
  const notFound = !post && isApiError(query.error) && query.error.kind === 'not_found';

  let title = t('thread.title');
  if (post) title = t('thread.titleBy', { name: authorName(post, t) });
  else if (notFound) title = t('thread.titleNotFound');
  else if (query.isError) title = t('thread.loadError');

  return (
    <div className="page thread">
      <ThreadHeading title={title} />
      {post?.parentId && (
        <p className="thread-parent-link">
          <Link to={`/post/${post.parentId}`}>
            <ArrowUpIcon /> {t('thread.backToParent')}
          </Link>
        </p>
      )}
      {post ? (
        <>
          <PostCard post={post} expanded linkToThread={false} className="thread-post" onDeleted={onDeleted} />
          {post.lock ? <RepliesClosed /> : renderReplyBox?.(post)}
          <section className="thread-replies" aria-labelledby="thread-replies-title">
            <h2 id="thread-replies-title" className="thread-replies-title">
              {post.replies.length === 0 ? t('thread.noReplies') : t('post.replyCount', { count: post.replies.length })}
            </h2>
            {post.replies.length > 0 && (
              <ReplyList ids={post.replies} depth={1} path={post.id} label={t('thread.repliesTo', { name: authorName(post, t) })} Gate={replyGate} />
            )}
          </section>
        </>
      ) : notFound ? (
        <ThreadNotFound />
      ) : query.isError ? (
        <ErrorState error={query.error} title={t('thread.loadError')} onRetry={() => void query.refetch()} />
      ) : (
        <ThreadSkeleton />
      )}
    </div>
  );
}
