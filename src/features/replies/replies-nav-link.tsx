import { Link } from 'react-router-dom';
import { useAccountId } from '../../entities/account/token-store';
import { withLaterMessages } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { useStore } from '../../lib/external-store';
import { lazyRoute, useLoadedAfterFirstContent } from '../../lib/lazy-route';
import { repliesBadge } from './replies-badge';

// The count logic and its text: after the first content, never in the feed's first load.
const RepliesWatch = lazyRoute(() => withLaterMessages(import('./replies-watch')).then((m) => m.RepliesWatch));

/**
 * The link itself: "Replies", or with unseen replies a badge, and the count in its name ("Replies, 2
 * new"), said by hidden text rather than aria-label: the name still starts with the visible word.
 */
export function RepliesLink({ badge }: { badge: { label: string; badge: string } | null }) {
  const t = useT();
  if (!badge) return <Link to="/replies">{t('app.replies')}</Link>;
  return (
    <Link to="/replies">
      <span className="visually-hidden">{badge.label}</span>
      <span aria-hidden="true">{t('app.replies')}</span>
      <span className="nav-badge" aria-hidden="true">
        {badge.badge}
      </span>
    </Link>
  );
}

/** The header's "Replies" link (signed in), with the count logic loaded after the first content. */
export function RepliesNavLink() {
  const badge = useStore(repliesBadge);
  const account = useAccountId();
  const watch = useLoadedAfterFirstContent(RepliesWatch);
  return (
    <>
      <RepliesLink badge={badge} />
      {account && watch === 'ready' && <RepliesWatch account={account} />}
    </>
  );
}
