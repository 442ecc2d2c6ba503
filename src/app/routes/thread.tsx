import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useOwnSummary } from '../../features/auth/use-own-summary';
import { Composer } from '../../features/compose/components/composer';
import { MutedGate } from '../../features/mute/components/muted-gate';
import type { ThreadLinkState } from '../../entities/post/ui/post-card';
import { ThreadHeading } from '../../features/posts/components/thread-heading';
import { ThreadNotFound } from '../../features/posts/components/thread-states';
import { ThreadView } from '../../features/posts/components/thread-view';
import { normalizePostId } from '../../lib/api/post-id';
import { useT } from '../../i18n/use-t';

/** How many app entries lie behind this one in the session history (the router keeps `idx` in history.state). */
function historyIndex(): number {
  const state: unknown = window.history.state;
  const idx = state && typeof state === 'object' ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === 'number' ? idx : 0;
}

/** `/post/:id`. An id that is not a non-negative integer never reaches the network. */
export function ThreadRoute() {
  const t = useT();
  const { id } = useParams();
  const navigate = useNavigate();
  const author = useOwnSummary();
  // Opened by a card's Reply: the reply box takes focus (not the heading).
  const replying = (useLocation().state as ThreadLinkState | null)?.reply === true;
  const postId = normalizePostId(id);
  if (postId === null) {
    return (
      <div className="page thread">
        <ThreadHeading title={t('thread.postNotFound')} />
        <ThreadNotFound />
      </div>
    );
  }
  // Keyed by id: another thread starts with its own "show more" and focus state.
  return (
    <ThreadView
      key={postId}
      id={postId}
      renderReplyBox={(post) => <Composer parentId={post.id} author={author} label={t('thread.replyToPost')} focusOnMount={replying} />}
      // A deleted thread goes back where the person came from; opened directly (the app's first
      // history entry, also after the composer replaced itself with the thread), to the feed.
      onDeleted={() => (historyIndex() > 0 ? navigate(-1) : navigate('/', { replace: true }))}
      // A muted reply folds to one line in its place (one's own never does).
      replyGate={MutedGate}
    />
  );
}
