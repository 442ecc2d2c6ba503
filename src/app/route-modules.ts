/**
 * Every page but the shell loads on demand (feed budget: initial JS ≤ 128 KB gzip); those whose
 * text is in the later catalog load it beside their code (src/i18n/i18n.ts).
 */
import { withLaterMessages } from '../i18n/i18n';
import { lazyRoute } from '../lib/lazy-route';

export const FeedRoute = lazyRoute(() => import('./routes/feed').then((m) => m.FeedRoute));
export const ThreadRoute = lazyRoute(() => withLaterMessages(import('./routes/thread')).then((m) => m.ThreadRoute));
export const ProfileRoute = lazyRoute(() => withLaterMessages(import('./routes/profile')).then((m) => m.ProfileRoute));
export const ProfileEditRoute = lazyRoute(() => withLaterMessages(import('./routes/profile-edit')).then((m) => m.ProfileEditRoute));
export const ComposeRoute = lazyRoute(() => withLaterMessages(import('./routes/compose')).then((m) => m.ComposeRoute));
export const RepliesRoute = lazyRoute(() => withLaterMessages(import('./routes/replies')).then((m) => m.RepliesRoute));
// A post's actions and their text (post-card-provider.tsx), after the first content. The Saved page
// is loaded through them (post-actions.tsx says why): one loader, one preload list in the first load.
export const loadPostActions = () => withLaterMessages(import('./post-actions'));
export const SavedRoute = lazyRoute(() => loadPostActions().then((m) => m.loadSavedRoute()));
export const SettingsRoute = lazyRoute(() => withLaterMessages(import('./routes/settings')).then((m) => m.SettingsRoute));
// The designers' states gallery: mock mode only, so production never registers (or loads) it.
// A production build has no gallery: the constant is false there, and the import goes with the branch.
export const GalleryRoute = import.meta.env.MOCK_BACKEND ? lazyRoute(() => withLaterMessages(import('./routes/gallery')).then((m) => m.GalleryRoute)) : null;
export const NotFoundRoute = lazyRoute(() => import('./routes/not-found').then((m) => m.NotFoundRoute));
// Signing out (and removing an account's data): loaded when Sign out is pressed (app/use-sign-out-drafts.tsx).
export const SignOutRoute = lazyRoute(() => import('./routes/sign-out').then((m) => m.SignOutRoute));
// Signed out only: a signed-in first visit of the feed never loads the sign-in form's code.
export const SignInPanel = lazyRoute(() => import('./sign-in-panel').then((m) => m.SignInPanel));

/** A thread's page, its post id captured. */
export const THREAD_PATH = /^\/post\/(\d+)$/;

/** The page of an app path ('/post/12?x' → '/post/12'; '' → '/'). */
export function pagePath(path: string): string {
  return path.split('?')[0] || '/';
}

/**
 * Loads the code of the page a signed-in person lands on at `path` (an app path, '/' or
 * '/post/12', a query after it ignored): the feed or a thread; other pages load when they render.
 */
export function preloadPageFor(path: string): Promise<void> {
  const page = pagePath(path);
  if (page === '/') return FeedRoute.preload();
  if (THREAD_PATH.test(page)) return ThreadRoute.preload();
  return Promise.resolve();
}
