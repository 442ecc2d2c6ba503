/**
 * The pages no first load needs the code of: every page but the feed, a thread and the signed-out
 * home (route-modules.ts). Their routes and loaders are a chunk of their own that app/router.tsx
 * renders for any other address, so the first load carries one loader for all of them instead of one
 * each, with their preload lists (about 740 B gzip for all the loaders of the first load: issue 37).
 * Opened by its address, such a page's code is asked for at boot beside config.json
 * (route-modules.ts's preloadPageFor: this chunk, then the page's).
 */
import { Route, Routes } from 'react-router-dom';
import { withLaterMessages } from '../i18n/i18n';
import { useConfig } from '../lib/config-context';
import { lazyRoute } from '../lib/lazy-route';
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

/** The page at `path` (an app path, a query after it ignored) among these, loaded ahead of rendering. */
export function preloadLaterPage(path: string): Promise<void> {
  const at = pagePath(path);
  const found =
    at === '/compose'
      ? ComposeRoute
      : at === '/profile/edit'
        ? ProfileEditRoute
        : /^\/user\/[^/]+$/.test(at)
          ? ProfileRoute
          : at === '/replies'
            ? RepliesRoute
            : at === '/saved'
              ? SavedRoute
              : at === '/settings'
                ? SettingsRoute
                : null;
  return found ? found.preload() : Promise.resolve();
}

/** Every address but the home, sign-in and a thread's (app/router.tsx). */
export function LaterRoutes() {
  const { mocks } = useConfig();
  return (
    <Routes>
      <Route path="sign-out" element={page(<SignOutRoute />)} />
      <Route path="compose" element={page(<ComposeRoute />, true)} />
      <Route path="profile/edit" element={page(<ProfileEditRoute />, true)} />
      <Route path="user/:uuid" element={page(<ProfileRoute />, true)} />
      <Route path="replies" element={page(<RepliesRoute />, true)} />
      <Route path="saved" element={page(<SavedRoute />, true)} />
      <Route path="settings" element={page(<SettingsRoute />)} />
      {mocks && GalleryRoute && <Route path="gallery" element={page(<GalleryRoute />)} />}
      <Route path="*" element={page(<NotFoundRoute />)} />
    </Routes>
  );
}
