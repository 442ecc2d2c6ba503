import { Link } from 'react-router-dom';
import { useMe } from '../../entities/session/use-me';
import { withLaterMessages } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { useStore } from '../../lib/external-store';
import { lazyRoute, useLoadedAfterFirstContent } from '../../lib/lazy-route';
import { repliesBadge } from './replies-badge';

// The count logic and its text: after the first content, never in the feed's first load.
const RepliesWatch = lazyRoute(() => withLaterMessages(import('./replies-watch')).then((m) => m.RepliesWatch));

/** The header's "Replies" link (signed in): "Replies, 2 new" and a badge while replies are unseen. */
export function RepliesNavLink() {
  const t = useT();
  const badge = useStore(repliesBadge);
  const username = useMe().data?.username;
  const watch = useLoadedAfterFirstContent(RepliesWatch);
  return (
    <>
      <Link to="/replies" aria-label={badge?.label}>
        {t('app.replies')}
        {badge && (
          <span className="nav-badge" aria-hidden="true">
            {badge.badge}
          </span>
        )}
      </Link>
      {username && watch === 'ready' && <RepliesWatch username={username} />}
    </>
  );
}
