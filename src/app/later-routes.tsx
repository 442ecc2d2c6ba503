/**
 * The pages no first load needs the code of: every page but the feed, a thread and the signed-out
 * home (route-modules.ts). Their routes and loaders are a chunk of their own that app/router.tsx
 * renders for any other address, so the first load carries one loader for all of them instead of one
 * each, with their preload lists (about 740 B gzip for all the loaders of the first load: issue 37).
 * Opened by its address, such a page's code is asked for at boot beside config.json
 * (route-modules.ts's preloadPageFor: this chunk, then the page's).
 */
import { matchPath, Route, Routes } from 'react-router-dom';
import { withLaterMessages } from '../i18n/i18n';
import { useConfig } from '../lib/config-context';
import { lazyRoute, type PreloadableRoute } from '../lib/lazy-route';
import { loadPostActions, pagePath } from './route-modules';
import { page } from './router';

export const ProfileRoute = lazyRoute(() => withLaterMessages(import('./routes/profile')).then((m) => m.ProfileRoute));
export const ProfileEditRoute = lazyRoute(() => withLaterMessages(import('./routes/profile-edit')).then((m) => m.ProfileEditRoute));
export const ComposeRoute = lazyRoute(() => withLaterMessages(import('./routes/compose')).then((m) => m.ComposeRoute));
export const RepliesRoute = lazyRoute(() => withLaterMessages(import('./routes/replies')).then((m) => m.RepliesRoute));
// The Saved page is loaded through the post actions (post-actions.tsx says why).
export const SavedRoute = lazyRoute(() => loadPostActions().then((m) => m.loadSavedRoute()));
export const SettingsRoute = lazyRoute(() => withLaterMessages(import('./routes/settings')).then((m) => m.SettingsRoute));
// The designers' states gallery: mock mode only, so production never registers (or loads) it.
// A production build has no gallery: the constant is false there, and the import goes with the branch.
export const GalleryRoute = import.meta.env.MOCK_BACKEND ? lazyRoute(() => withLaterMessages(import('./routes/gallery')).then((m) => m.GalleryRoute)) : null;
export const NotFoundRoute = lazyRoute(() => import('./routes/not-found').then((m) => m.NotFoundRoute));
// Signing out (and removing an account's data): loaded when Sign out is pressed (app/sign-out-question.tsx).
export const SignOutRoute = lazyRoute(() => import('./routes/sign-out').then((m) => m.SignOutRoute));

/** Each page here: its address (as the router matches it), its code, and whether it needs a token. */
const PAGES: ReadonlyArray<{ path: string; route: PreloadableRoute; signIn?: boolean }> = [
  { path: 'sign-out', route: SignOutRoute },
  { path: 'compose', route: ComposeRoute, signIn: true },
  { path: 'profile/edit', route: ProfileEditRoute, signIn: true },
  { path: 'user/:uuid', route: ProfileRoute, signIn: true },
  { path: 'replies', route: RepliesRoute, signIn: true },
  { path: 'saved', route: SavedRoute, signIn: true },
  { path: 'settings', route: SettingsRoute },
];

/** The page at `path` (an app path, a query after it ignored) among these, loaded ahead of rendering. */
export function preloadLaterPage(path: string): Promise<void> {
  const at = pagePath(path);
  return PAGES.find((page) => matchPath(`/${page.path}`, at))?.route.preload() ?? Promise.resolve();
}

/** Every address but the home, sign-in and a thread's (app/router.tsx). */
export function LaterRoutes() {
  const { mocks } = useConfig();
  return (
    <Routes>
      {PAGES.map(({ path, route: Page, signIn }) => (
        <Route key={path} path={path} element={page(<Page />, signIn)} />
      ))}
      {mocks && GalleryRoute && <Route path="gallery" element={page(<GalleryRoute />)} />}
      <Route path="*" element={page(<NotFoundRoute />)} />
    </Routes>
  );
}
