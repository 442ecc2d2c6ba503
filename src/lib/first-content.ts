/**
 * What can wait for the page's first content. On a first visit to the feed every request before
 * the first posts is one of the head discovery's rounds, and a browser opens at most six
 * connections to an HTTP/1.1 origin: a status ping, the profile or the blog banner sent meanwhile
 * takes a connection a round of probes needs, and turns that round into two. Code that is not
 * needed to show the posts (author actions, the service worker, the cache writer) competes the
 * same way, for connections and for the main thread. So while a hold is on, those wait; nothing
 * else changes. Another page holds them only until its first paint, so that nothing it does not
 * need is under way before it has shown something. With no hold (the tests) they go at once.
 */

/** The longest a hold lasts: a slow first page must not keep the rest of the page waiting for long. */
export const FIRST_CONTENT_MAX_WAIT_MS = 2_500;

let released: Promise<void> = Promise.resolve();

/**
 * Holds `afterFirstContent()` until `until` settles (the feed's first posts painted, another
 * page's first contentful paint), or `maxWaitMs` at most. Call before the first render.
 */
export function holdUntilFirstContent(until: Promise<unknown>, maxWaitMs = FIRST_CONTENT_MAX_WAIT_MS): void {
  const settled = until.then(
    () => undefined,
    () => undefined,
  );
  released = Promise.race([settled, new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs))]);
}

/**
 * Resolves once the browser has reported the page's first contentful paint: what a page other
 * than the feed holds for. At once where paint timing is missing; never in a tab that paints
 * nothing (hidden), where the hold's longest wait applies.
 */
export function firstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes.includes('paint')) return resolve();
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/** Resolves once the page's first content is on screen (at once when nothing holds it). */
export function afterFirstContent(): Promise<void> {
  return released;
}
