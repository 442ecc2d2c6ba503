import { Link, Outlet } from 'react-router-dom';
import { AccountMenu } from '../features/auth/components/account-menu';
import { useSession } from '../features/auth/use-session';
import { AppNotices } from '../features/pwa/components/app-notices';
import { ApiStatus } from '../features/status/components/api-status';
import { ShortcutsDialog } from '../features/settings/shortcuts-dialog';
import { RouteErrorBoundary } from './error-boundary';
import { OwnPostProvider } from './own-post-provider';
import { useGlobalShortcuts } from './use-global-shortcuts';
import { useLearnOwnUuid } from './use-learn-own-uuid';

export function Layout() {
  const { token } = useSession();
  useLearnOwnUuid();
  useGlobalShortcuts(token !== null);
  return (
    <>
      <a className="skip-link" href="#main" onClick={(e) => {
        e.preventDefault();
        document.getElementById('main')?.focus();
      }}>
        Skip to content
      </a>
      <header className="app-header" role="banner">
        <Link to="/" className="app-name">
          Social
        </Link>
        <nav aria-label="Main" className="app-nav">
          <Link to="/">Feed</Link>
          <Link to="/settings">Settings</Link>
          {token && (
            <Link to="/compose" className="nav-compose" aria-keyshortcuts="n">
              New post
            </Link>
          )}
        </nav>
        <ApiStatus token={token} />
        <AccountMenu />
      </header>
      <main id="main" tabIndex={-1} className="app-main">
        <AppNotices />
        <RouteErrorBoundary>
          <OwnPostProvider>
            <Outlet />
          </OwnPostProvider>
        </RouteErrorBoundary>
      </main>
      <ShortcutsDialog />
    </>
  );
}
