import { useId } from 'react';
import { EmptyState } from '../../../components/ui/states';
import { Trans } from '../../../i18n/trans';
import { useT } from '../../../i18n/use-t';
import '../profile.css';

interface SeenPostsProps {
  name: string;
  count: number;
  /** The post cards, newest first. */
  children: React.ReactNode;
}

/** The service has no per-user listing: only posts this session has already loaded can appear. */
export function SeenPosts({ name, count, children }: SeenPostsProps) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="profile-posts" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        <Trans id="profile.seenTitle" values={{ name }} components={{ 0: <span dir="auto" /> }} />
      </h2>
      <p className="hint">{t('profile.seenHint')}</p>
      {count === 0 ? (
        <EmptyState title={t('profile.seenEmpty')}>
          <p>{t('profile.seenEmptyText')}</p>
        </EmptyState>
      ) : (
        children
      )}
    </section>
  );
}
