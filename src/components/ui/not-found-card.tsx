import { Link } from 'react-router-dom';
import { useT } from '../../i18n/use-t';
import { ArrowBackIcon } from './later-icons';

/**
 * What a page says when what its address names is not there (a post, a user, a page): one card
 * under the page's heading, why, and the way to the feed. `announce`: it replaces a page that was
 * loading, so a screen reader hears it (the heading took the focus before the answer came).
 * A module of its own: only pages that load on demand show it, and it stays out of the first load.
 */
export function NotFoundCard({ children, announce = false }: { children: React.ReactNode; announce?: boolean }) {
  const t = useT();
  return (
    <div className="state not-found" role={announce ? 'alert' : undefined}>
      <p className="state-title">{children}</p>
      <Link to="/">
        <ArrowBackIcon /> {t('app.goToFeed')}
      </Link>
    </div>
  );
}
