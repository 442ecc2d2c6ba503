/**
 * What can wait for the page's first content. On a first visit to the feed every request before
 * the first posts is one of the head discovery's rounds, and a browser opens at most six
 * connections to an HTTP/1.1 origin: a status ping, the profile or the blog banner sent meanwhile
 * takes a connection a round of probes needs, and turns that round into two. Code that is not
 * needed to show the posts (author actions, the service worker, the cache writer) competes the
 * same way, for connections and for the main thread. So while a hold is on, those wait; nothing
 * else changes. Other pages hold them until their first screen has been painted
 * (app/boot-prefetch.ts). With no hold (the tests) they go at once.
 */

import { settledWithin } from './idle';

/** The longest a hold lasts: a slow first page must not keep the rest of the page waiting for long. */
export const FIRST_CONTENT_MAX_WAIT_MS = 2_500;

let held: Promise<void> | null = null;

/**
 * Holds `whenFirstContent()` until `until` settles (the feed's first posts painted, or another
 * page's first screen), or `maxWaitMs` at most. Call before the first render.
 */
export function holdUntilFirstContent(until: Promise<unknown>, maxWaitMs = FIRST_CONTENT_MAX_WAIT_MS): void {
  held = settledWithin(until, maxWaitMs).then(() => {
    held = null;
  });
}

/**
 * Runs `run` once the page's first content is on screen: at once, in the caller's own turn, when
 * nothing holds it (not a microtask later, which would let requests made meanwhile go first).
 */
export function whenFirstContent<T>(run: () => T | Promise<T>): Promise<T> {
  // The executor runs at once; a throw in `run` becomes the promise's rejection either way.
  return held ? held.then(run) : new Promise<T>((resolve) => resolve(run()));
}
