import { useId } from 'react';
import { errorMessage } from '../../../components/ui/states';
import { useT } from '../../../i18n/use-t';

/** A reply id the server no longer knows: a note in its place, not an error. */
export function ReplyDeleted() {
  const t = useT();
  return <p className="reply-placeholder">{t('thread.replyDeleted')}</p>;
}

export function ReplyError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  const id = useId();
  return (
    <div className="reply-placeholder reply-error">
      <p id={id}>{t('thread.replyError', { reason: errorMessage(error) })}</p>
      <button type="button" className="button" aria-describedby={id} onClick={onRetry}>
        {t('thread.tryAgain')}
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
