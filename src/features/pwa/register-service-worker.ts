/**
 * Registers the production service worker (dist/sw.js, built by vite-plugin-pwa) and offers a
 * new version when one is waiting. Loaded lazily, once the first page is on screen: none of
 * this (workbox-window included) is in the initial chunk.
 *
 * A waiting worker never takes over by itself: a silent reload could lose what someone is
 * typing. The banner's "Reload" asks it to (SKIP_WAITING) and reloads once it controls the tab.
 */
import { Workbox } from 'workbox-window';

/** A tab left open checks for a new deployment this often (a reload or a new visit always does). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * `offerUpdate` receives the action that loads the new version. It is passed in rather than
 * imported: a lazy chunk that imports from the entry made the bundler split React into a chunk
 * of its own (+0.5 KB gzip on the first load).
 */
export async function registerServiceWorker(offerUpdate: (apply: () => void) => void): Promise<void> {
  const container = navigator.serviceWorker;
  const wb = new Workbox(new URL('sw.js', document.baseURI).href, { scope: new URL('./', document.baseURI).href });
  const reload = () => window.location.reload();

  const offer = () =>
    offerUpdate(() => {
      if (!registration?.waiting) {
        // Another tab already let the new version in; this one only needs to load it.
        reload();
        return;
      }
      container.addEventListener('controllerchange', reload, { once: true });
      wb.messageSkipWaiting();
    });

  wb.addEventListener('waiting', offer);
  const registration = await wb.register({ immediate: true });
  if (!registration) return;

  // The browser checks for an update on every navigation, so one may be installing before
  // workbox-window listened: watch it here, or the prompt would wait for the next visit.
  const installing = registration.installing;
  if (installing && registration.active) {
    installing.addEventListener('statechange', () => {
      if (registration?.waiting === installing) offer();
    });
  }
  // Another tab's "Reload" hands this tab to the new version: its old code should not stay.
  if (container.controller) container.addEventListener('controllerchange', offer, { once: true });

  window.setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_MS);
}
