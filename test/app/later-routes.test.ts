// Isolated (vite.config.ts): which page's code has loaded is module state.
import { expect, it } from 'vitest';
import { ComposeRoute, NotFoundRoute, ProfileRoute, SettingsRoute } from '../../src/app/later-routes';
import { LaterRoutes, preloadPageFor } from '../../src/app/route-modules';

it('opened by its address, a page other than the feed or a thread has its code asked for at boot: the routes’ chunk, then its own', async () => {
  expect([LaterRoutes.isLoaded(), SettingsRoute.isLoaded(), ComposeRoute.isLoaded()]).toEqual([false, false, false]);
  await preloadPageFor('/settings?tab=language');
  // The page's code and the routes around it: the first render shows the page, not a loading state.
  expect([LaterRoutes.isLoaded(), SettingsRoute.isLoaded(), ComposeRoute.isLoaded()]).toEqual([true, true, false]);
  await preloadPageFor('/user/6f1c2a');
  expect(ProfileRoute.isLoaded()).toBe(true);
  // An address that is no page: the routes (whose "not found" renders it) and nothing more.
  await preloadPageFor('/nowhere');
  expect(NotFoundRoute.isLoaded()).toBe(false);
}, 30_000);
