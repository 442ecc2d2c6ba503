import { Link, Outlet } from 'react-router-dom';
import { AccountMenu } from '../features/auth/components/account-menu';
import { useSession } from '../entities/session/use-session';
import { AppNotices } from '../features/pwa/components/app-notices';
import { ApiStatus } from '../features/status/components/api-status';
import { BackgroundProblemNotice } from '../features/status/components/background-problem-notice';
import { RepliesNavLink } from '../features/replies/replies-nav-link';
import { ShortcutsDialog } from '../features/settings/shortcuts-dialog';
import { RouteErrorBoundary } from './error-boundary';
import { OwnPostProvider } from './own-post-provider';
import { useGlobalShortcuts } from './use-global-shortcuts';
import { useLearnOwnUuid } from './use-learn-own-uuid';
import { usePreloadOnIntent } from './use-preload-on-intent';
import { useSignOutDrafts } from './use-sign-out-drafts';
import { useT } from '../i18n/use-t';

/**
 * A leaf of its own: the profile's answer re-renders this, not the whole layout (a first visit's
 * who-am-I lands while the first posts render, and the layout's re-render was one long task).
 */
function LearnOwnUuid() {
  useLearnOwnUuid();
  return null;
}

export function Layout() {
  const t = useT();
  const { token, notice } = useSession();
  useGlobalShortcuts(token !== null);
  usePreloadOnIntent(token !== null);
  const signOut = useSignOutDrafts();
  return (
    <>
      <a className="skip-link" href="#main" onClick={(e) => {
        e.preventDefault();
        document.getElementById('main')?.focus();
      }}>
        {t('app.skipToContent')}
      </a>
      <header className="app-header" role="banner">
        <Link to="/" className="app-name">
          Social
        </Link>
        <nav aria-label={t('app.mainNav')} className="app-nav">
          <Link to="/">{t('app.feed')}</Link>
          {token && <RepliesNavLink />}
          <Link to="/settings">{t('app.settings')}</Link>
          {token && (
            <Link to="/compose" className="nav-compose" aria-keyshortcuts="n">
              {t('app.newPost')}
            </Link>
          )}
        </nav>
        <ApiStatus />
        <AccountMenu onSignOut={signOut.onSignOut} />
      </header>
      <main id="main" tabIndex={-1} className="app-main">
        <AppNotices />
        {/* Which account is now in use, or which was signed out (signed out altogether, sign-in says it). */}
        <div role="status">{token && notice && <p className="app-notice">{notice}</p>}</div>
        {/* Another account in use (or none): the page starts afresh, keeping nothing of the one before. */}
        <RouteErrorBoundary key={token}>
          <OwnPostProvider>
            <Outlet />
          </OwnPostProvider>
        </RouteErrorBoundary>
      </main>
      <LearnOwnUuid />
      <BackgroundProblemNotice />
      <ShortcutsDialog />
      {signOut.dialog}
    </>
  );
}
