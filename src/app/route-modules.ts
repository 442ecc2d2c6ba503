/**
 * Every page but the shell loads on demand (feed budget: initial JS ≤ 1.25× the floor's); those whose
 * text is in the later catalog load it beside their code (src/i18n/i18n.ts). Here the feed's and a
 * thread's, the first pages of a signed-in visit; the others' are in later-routes.tsx.
 */
import { withLaterMessages } from '../i18n/i18n';
import { lazyRoute } from '../lib/lazy-route';

export const FeedRoute = lazyRoute(() => import('./routes/feed').then((m) => m.FeedRoute));
export const ThreadRoute = lazyRoute(() => withLaterMessages(import('./routes/thread')).then((m) => m.ThreadRoute));
// A post's actions and their text (post-card-provider.tsx), after the first content. The Saved page
// is loaded through them (post-actions.tsx says why): one loader, one preload list in the first load.
export const loadPostActions = () => withLaterMessages(import('./post-actions'));
// Every other page: one chunk of routes and loaders (later-routes.tsx), not a loader each here.
const loadLaterRoutes = () => import('./later-routes');
export const LaterRoutes = lazyRoute(() => loadLaterRoutes().then((m) => m.LaterRoutes));
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
 * '/post/12', a query after it ignored): the feed, a thread, or another page (the routes' chunk,
 * then the page's; an address that is no page loads the routes' chunk only).
 */
export function preloadPageFor(path: string): Promise<void> {
  const page = pagePath(path);
  if (page === '/') return FeedRoute.preload();
  if (THREAD_PATH.test(page)) return ThreadRoute.preload();
  if (page === '/sign-in') return Promise.resolve();
  return Promise.all([LaterRoutes.preload(), loadLaterRoutes().then((m) => m.preloadLaterPage(page))]).then(() => undefined);
}
