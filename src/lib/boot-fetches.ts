/**
 * What index.html's inline loader (src/app/boot-loader.ts) starts before any of the app has loaded,
 * handed over to the code that would otherwise send the same request: config.json (src/lib/config.ts)
 * and a first visit's first round of head probes (src/lib/api/transport.ts). Each is taken once, by
 * its URL and the token it carries; what is not taken within a minute is dropped by the loader.
 */

/** The window property the loader puts its requests in. */
export const BOOT_FETCHES = '__bootFetches';

/** A request the loader started: its answer, what cancels it, and the token it carries. */
export interface BootFetch {
  response: Promise<Response>;
  controller: AbortController;
  token?: string;
}

export type BootFetches = Map<string, BootFetch>;

/** The loader's request for `url` sent with `token` (none: without one), once; undefined when there is none. */
export function takeBootFetch(url: string, token?: string): BootFetch | undefined {
  const fetches = (globalThis as { [BOOT_FETCHES]?: BootFetches })[BOOT_FETCHES];
  const found = fetches?.get(url);
  if (!found || found.token !== token) return undefined;
  fetches!.delete(url);
  return found;
}
