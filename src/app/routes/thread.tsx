import { useParams } from 'react-router-dom';
import { ThreadHeading } from '../../features/posts/components/thread-heading';
import { ThreadNotFound } from '../../features/posts/components/thread-states';
import { ThreadView } from '../../features/posts/components/thread-view';
import { parsePostId } from '../../lib/url';

/** `/post/:id`. An id that is not a non-negative integer never reaches the network. */
export function ThreadRoute() {
  const { id } = useParams();
  const postId = parsePostId(id);
  if (postId === null) {
    return (
      <div className="page thread">
        <ThreadHeading title="Post not found" />
        <ThreadNotFound />
      </div>
    );
  }
  // Keyed by id: another thread starts with its own "show more" and focus state.
  return <ThreadView key={postId} id={postId} />;
}
