import { useId } from 'react';
import { errorMessage } from '../../../components/ui/states';

/** A reply id the server no longer knows: a note in its place, not an error. */
export function ReplyDeleted() {
  return <p className="reply-placeholder">This reply was deleted.</p>;
}

export function ReplyError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const id = useId();
  return (
    <div className="reply-placeholder reply-error">
      <p id={id}>Could not load this reply: {errorMessage(error)}</p>
      <button type="button" className="button" aria-describedby={id} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** A reply still on its way; the list's status line announces the loading once. */
export function ReplySkeleton() {
  return (
    <div className="card reply-skeleton" aria-hidden="true">
      <div className="skeleton-line reply-skeleton-name" />
      <div className="skeleton-line" />
    </div>
  );
}
