import { appUpdate } from '../features/pwa/update-store';
import { whenIdle } from '../lib/idle';
import { ComposeRoute, ProfileRoute, SettingsRoute } from './later-routes';
import { FeedRoute, ThreadRoute } from './route-modules';

/**
 * Where a signed-in reader's click leads from any page: the feed, a post's thread, its author, the
 * composer, the settings (the header's links and every post's). Their code (about 14 KB brotli
 * together) loads once the reader shows intent, the first time they move the pointer, touch, turn
 * the wheel or press a key after the page's first content is on screen: opening one
 * then waits neither for its code nor for the Suspense fallback React would hold on screen for
 * about 300 ms. Not before: during the load those requests and their evaluation would compete with
 * the page's own (measured on the feed: they ran between its first posts and its last page's).
 */
const NEXT_PAGES = [FeedRoute, ThreadRoute, ProfileRoute, ComposeRoute, SettingsRoute];
/** Only what a person does: the app itself moves focus (a new page's heading) and scrolls (restoring a place). */
const INTENT_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'wheel', 'keydown'] as const;

/**
 * Listens for the reader's first intent (loaded once the first content is on screen, app/layout.tsx);
 * returns the stop.
 */
export function preloadOnIntent(): () => void {
  let cancelIdle = () => {};
  const options = { capture: true, passive: true } as const;
  const stopListening = () => INTENT_EVENTS.forEach((type) => window.removeEventListener(type, onIntent, options));
  function onIntent() {
    // A new version waiting to take over: this version's code is not worth fetching now, and
    // its requests, still with the old service worker when "Reload" hands over to the new one,
    // kept the reload from happening (test/e2e/pwa.spec.ts, "a new deployment").
    if (appUpdate.get()) return;
    stopListening();
    // A page whose code fails to load now reports it when it is opened, as before.
    cancelIdle = whenIdle(() => {
      if (!appUpdate.get()) NEXT_PAGES.forEach((page) => void page.preload().catch(() => undefined));
    }, 500);
  }
  INTENT_EVENTS.forEach((type) => window.addEventListener(type, onIntent, options));
  return () => {
    stopListening();
    cancelIdle();
  };
}
