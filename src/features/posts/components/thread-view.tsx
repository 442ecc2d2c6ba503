import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ArrowUpIcon } from '../../../components/ui/icons';
import { ErrorState } from '../../../components/ui/states';
import { isApiError } from '../../../lib/api/api-error';
import type { Post } from '../../../lib/api/schemas';
import { postQueries } from '../../../entities/post/queries';
import { PostCard } from './post-card';
import { ReplyList } from './reply-list';
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
}

function authorName(post: Post): string {
  const author = post.author;
  return author ? author.displayName || author.username || 'Unknown author' : 'Unknown author';
}

/** The post, the reply box slot, then its replies, nested. */
export function ThreadView({ id, renderReplyBox, onDeleted }: ThreadViewProps) {
  const query = useQuery(postQueries.detail(id));
  const post = query.data;
  const notFound = !post && isApiError(query.error) && query.error.kind === 'not_found';

  let title = 'Post';
  if (post) title = `Post by ${authorName(post)}`;
  else if (notFound) title = 'Post not found';
  else if (query.isError) title = 'Could not load this post';

  return (
    <div className="page thread">
      <ThreadHeading title={title} />
      {post?.parentId && (
        <p className="thread-parent-link">
          <Link to={`/post/${post.parentId}`}>
            <ArrowUpIcon /> Back to the parent post
          </Link>
        </p>
      )}
      {post ? (
        <>
          <PostCard post={post} expanded linkToThread={false} className="thread-post" onDeleted={onDeleted} />
          {post.lock ? <RepliesClosed /> : renderReplyBox?.(post)}
          <section className="thread-replies" aria-labelledby="thread-replies-title">
            <h2 id="thread-replies-title" className="thread-replies-title">
              {post.replies.length === 0
                ? 'No replies yet'
                : `${post.replies.length} ${post.replies.length === 1 ? 'reply' : 'replies'}`}
            </h2>
            {post.replies.length > 0 && (
              <ReplyList ids={post.replies} depth={1} path={post.id} label={`Replies to ${authorName(post)}`} />
            )}
          </section>
        </>
      ) : notFound ? (
        <ThreadNotFound />
      ) : query.isError ? (
        <ErrorState error={query.error} title="Could not load this post" onRetry={() => void query.refetch()} />
      ) : (
        <ThreadSkeleton />
      )}
    </div>
  );
}
