import { useQuery } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { postQueries } from '../../../entities/post/queries';
import { PostCard } from '../../../entities/post/ui/post-card';
import { useT } from '../../../i18n/use-t';
import { isApiError } from '../../../lib/api/api-error';
import { keepFocusAfterRemoval } from '../../../lib/keep-focus';
import type { Post } from '../../../lib/api/schemas';
import { removeSaved } from '../saved-store';

/** Saved posts shown at first, and added by each "Show more saved posts": at most this many read at a time. */
export const SAVED_PAGE_SIZE = 20;

/** What the app wraps each saved post in (the mute feature's fold, so a muted post keeps its rule). */
export type SavedPostGate = ComponentType<{ post: Post; children: ReactNode }>;

const NoGate: SavedPostGate = ({ children }) => children;

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

/** One saved post: read from the cache, or from the server when the cache has none (one shared entry). */
function SavedItem({ id, Gate }: { id: string; Gate: SavedPostGate }) {
  const t = useT();
  const query = useQuery(postQueries.detail(id));
  return (
    <li className="saved-item">
      {query.data ? (
        // Locked and sensitive posts keep their rules in the card; a muted one folds, as in a thread.
        <Gate post={query.data}>
          <PostCard post={query.data} onDeleted={() => removeSaved(id)} />
        </Gate>
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
export function SavedList({ ids, gate = NoGate }: { ids: readonly string[]; gate?: SavedPostGate }) {
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
          <SavedItem key={id} id={id} Gate={gate} />
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
