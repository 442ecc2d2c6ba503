import { Link, Outlet } from 'react-router-dom';
import { AccountMenu } from '../features/auth/components/account-menu';
import { useSession } from '../entities/account/use-session';
import { AppNotices } from '../features/pwa/components/app-notices';
import { ApiStatus } from '../features/status/components/api-status';
import { BackgroundProblemNotice } from '../features/status/components/background-problem-notice';
import { RepliesNavLink } from '../features/replies/replies-nav-link';
import { RouteErrorBoundary } from './error-boundary';
import { PostCardProvider } from './post-card-provider';
import { useLearnOwnUuid } from './use-learn-own-uuid';
import { lazyRoute, useLoadedAfterFirstContent } from '../lib/lazy-route';
import { whenFirstContent } from '../lib/first-content';
import { Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useConfig } from '../lib/config-context';
import { useT } from '../i18n/use-t';

/**
 * A leaf of its own: the profile's answer re-renders this, not the whole layout (a first visit's
 * who-am-I lands while the first posts render, and the layout's re-render was one long task).
 */
function LearnOwnUuid() {
  useLearnOwnUuid();
  const later = useLoadedAfterFirstContent(AfterFirstContent);
  return later === 'ready' ? <AfterFirstContent /> : null;
}
const SignOutQuestion = lazyRoute(() => import('./sign-out-question').then((m) => m.SignOutQuestion));
// The signed-in person's uuid, from their posts, the count in the tab and the app's own keys (n, ?):
// after the first content.
const AfterFirstContent = lazyRoute(() => import('./after-first-content').then((m) => m.AfterFirstContent));

/** Signed in, the pages a click leads to load at the reader's first intent (use-preload-on-intent.ts, itself loaded after the first content). */
function usePreloadOnIntent(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | undefined;
    let live = true;
    void whenFirstContent(() => import('./use-preload-on-intent')).then(
      (m) => live && (stop = m.preloadOnIntent()),
      () => undefined,
    );
    return () => {
      live = false;
      stop?.();
    };
  }, [enabled]);
}

/**
 * Signed in, the account's tabs agree without asking the server, and one of them reads for all
 * (tab-sync.ts, loaded after the first content).
 */
function useTabSync(enabled: boolean): void {
  const client = useQueryClient();
  const { apiBaseUrl } = useConfig();
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | undefined;
    let live = true;
    void whenFirstContent(() => import('./tab-sync')).then(
      (m) => live && (stop = m.startTabSync(client, apiBaseUrl)),
      () => undefined,
    );
    return () => {
      live = false;
      stop?.();
    };
  }, [enabled, client, apiBaseUrl]);
}

export function Layout() {
  const t = useT();
  const { token, notice } = useSession();
  usePreloadOnIntent(token !== null);
  useTabSync(token !== null);
  // Sign out asks first when the account keeps something on this device (sign-out-question.tsx,
  // loaded when Sign out is pressed).
  const [asked, setAsked] = useState(false);
  const onSignOut = (accounts: ReadonlyArray<string | null | undefined>, signOut: (remove?: boolean) => void) =>
    void import('./sign-out-question').then(
      (m) => {
        setAsked(true);
        m.askSignOut(accounts, signOut);
      },
      () => signOut(),
    );
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
          {token && <Link to="/saved">{t('app.saved')}</Link>}
          <Link to="/settings">{t('app.settings')}</Link>
          {token && (
            <Link to="/compose" className="nav-compose" aria-keyshortcuts="n">
              {t('app.newPost')}
            </Link>
          )}
        </nav>
        <ApiStatus />
        <AccountMenu onSignOut={onSignOut} />
      </header>
      <main id="main" tabIndex={-1} className="app-main">
        <AppNotices />
        {/* Which account is now in use, or which was signed out (signed out altogether, sign-in says it). */}
        <div role="status">{token && notice && <p className="app-notice">{notice}</p>}</div>
        {/* Another account in use (or none): the page starts afresh, keeping nothing of the one before. */}
        <RouteErrorBoundary key={token}>
          <PostCardProvider>
            <Outlet />
          </PostCardProvider>
        </RouteErrorBoundary>
      </main>
      <LearnOwnUuid />
      <BackgroundProblemNotice />
      {asked && (
        <Suspense fallback={null}>
          <SignOutQuestion />
        </Suspense>
      )}
    </>
  );
}
