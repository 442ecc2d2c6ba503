import { LockIcon } from '../../../components/ui/icons';
import { NotFoundCard } from '../../../components/ui/not-found-card';
import { useT } from '../../../i18n/use-t';

/** A thread whose post answers 404, or whose address holds no post id at all. */
export function ThreadNotFound() {
  const t = useT();
  return <NotFoundCard announce>{t('thread.notFound')}</NotFoundCard>;
}

/** Where the post goes while it loads: roughly its shape, announced once. */
export function ThreadSkeleton() {
  const t = useT();
  return (
    <div className="card thread-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{t('thread.loading')}</span>
      <div className="thread-skeleton-header" aria-hidden="true">
        <span className="thread-skeleton-avatar" />
        <span className="skeleton-line thread-skeleton-name" />
      </div>
      <div className="skeleton-line" aria-hidden="true" />
      <div className="skeleton-line" aria-hidden="true" />
      <div className="skeleton-line thread-skeleton-short" aria-hidden="true" />
    </div>
  );
}

/** Where the reply box goes, for a post that takes no replies. */
export function RepliesClosed() {
  const t = useT();
  return (
    <p className="notice thread-replies-closed">
      <LockIcon /> {t('thread.repliesClosed')}
    </p>
  );
}
