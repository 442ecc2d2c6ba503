import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { postQueries } from '../../../entities/post/queries';
import { scanLimiter } from '../../../entities/post/scan-fetcher';
import { api } from '../../../lib/api/client';
import { getPost } from '../../../lib/api/posts';
import { PostCard } from '../../../entities/post/ui/post-card';
import { useT } from '../../../i18n/use-t';
import { isApiError } from '../../../lib/api/api-error';
import { keepFocusAfterRemoval } from '../../../lib/keep-focus';
import type { Post } from '../../../lib/api/schemas';
import { useMuteReason } from '../../../entities/mute/mute-store';
import { useIsOwnPost } from '../../../entities/post/ui/post-card-context';
import { removeSaved } from '../saved-store';

/** Saved posts shown at first, and added by each "Show more saved posts": at most this many read at a time. */
export const SAVED_PAGE_SIZE = 20;

/**
 * A muted post keeps its rule here too: folded to one line (its author muted, or a muted word in it),
 * with Show. One's own posts are never hidden. (Not the thread's fold from features/mute: a feature
 * never imports another, and a second importer would split that fold into a chunk of its own.)
 */
function MutedFold({ post, children }: { post: Post; children: React.ReactNode }) {
  const t = useT();
  const reason = useMuteReason(post, useIsOwnPost(post));
  const [revealed, setRevealed] = useState(false);
  if (!reason || revealed) return children;
  return (
    <p className="muted-line">
      <span>{t(reason === 'account' ? 'saved.mutedAccount' : 'saved.mutedWord')}</span>
      {' — '}
      <button type="button" className="link-button" onClick={() => setRevealed(true)}>
        {t('saved.show')}
      </button>
    </p>
  );
}

const isMissing = (error: unknown) => isApiError(error) && error.kind === 'not_found';

/** A saved post its author deleted: said so, with "Remove" (nothing is removed by itself). */
export function DeletedSavedPost({ onRemove }: { onRemove: () => void }) {
  const t = useT();
  return (
    <div className="saved-deleted">
      <p>{t('saved.deleted')}</p>
      <button
        type="button"
        className="button"
        onClick={(event) => {
          keepFocusAfterRemoval(event.currentTarget);
          onRemove();
        }}
      >
        {t('saved.remove')}
      </button>
    </div>
  );
}

/**
 * One saved post: read from the cache, or from the server when the cache has none (one shared entry),
 * at low priority in the scans' shared slots: the feed's and a thread's reads go first.
 */
function SavedItem({ id }: { id: string }) {
  const t = useT();
  const query = useQuery({
    ...postQueries.detail(id),
    queryFn: ({ signal }) => scanLimiter.run(() => getPost(api(), id, { signal }), 'low'),
  });
  return (
    <li className="saved-item">
      {query.data ? (
        // Locked and sensitive posts keep their rules in the card; a muted one folds, as in a thread.
        <MutedFold post={query.data}>
          <PostCard post={query.data} onDeleted={() => removeSaved(id)} />
        </MutedFold>
      ) : query.isError && isMissing(query.error) ? (
        <DeletedSavedPost onRemove={() => removeSaved(id)} />
      ) : query.isError ? (
        <ErrorState error={query.error} title={t('saved.loadError')} onRetry={() => void query.refetch()} />
      ) : (
        <LoadingState label={t('saved.loadingOne')} lines={2} />
      )}
    </li>
  );
}

/** The saved posts, the most recently saved first, SAVED_PAGE_SIZE at a time; "Nothing saved yet" when none. */
export function SavedList({ ids }: { ids: readonly string[] }) {
  const t = useT();
  const [shown, setShown] = useState(SAVED_PAGE_SIZE);
  if (ids.length === 0) {
    return (
      <EmptyState title={t('saved.empty')}>
        <p>{t('saved.emptyText')}</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ol className="saved-list" aria-label={t('saved.listLabel')}>
        {ids.slice(0, shown).map((id) => (
          <SavedItem key={id} id={id} />
        ))}
      </ol>
      {ids.length > shown && (
        <button type="button" className="button saved-more" onClick={() => setShown((n) => n + SAVED_PAGE_SIZE)}>
          {t('saved.showMore')}
        </button>
      )}
    </>
  );
}
