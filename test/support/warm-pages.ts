/**
 * The shared project only (vite.config.ts): every page's code imported once per worker, before the
 * first test of each file (later files find it in the worker's module cache at once). A lazy page's
 * first import in a worker, Vite transforming its whole module tree, once took more than the 3 s a
 * findBy* waits on a loaded machine, and whichever test first opened that page failed
 * (app.bidi-names' profile, 2026-11-27; its import then landed after the environment was gone).
 * The isolated project keeps cold imports: its files test how pages load. Files without a DOM skip it.
 */
import { beforeAll } from 'vitest';
import * as later from '../../src/app/later-routes';
import * as pages from '../../src/app/route-modules';

beforeAll(async () => {
  // Files that run without a DOM (@vitest-environment node) render no page.
  if (typeof document === 'undefined') return;
  const lazy = [pages.FeedRoute, pages.ThreadRoute, pages.LaterRoutes, later.ProfileRoute, later.ProfileEditRoute, later.ComposeRoute, later.RepliesRoute, later.SettingsRoute, later.GalleryRoute, later.NotFoundRoute, pages.SignInPanel];
  await Promise.all([
    ...lazy.map((page) => page?.preload()),
    // What pages load after their first content and tests wait on: the feed's later part (its "new
    // posts" pill, the check, the caught-up line) and the layout's (the count in the tab).
    import('../../src/features/posts/components/feed-visit'),
    import('../../src/app/after-first-content'),
  ]);
}, 60_000);
