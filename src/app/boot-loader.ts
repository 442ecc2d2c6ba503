/**
 * The one inline script of the built index.html (build/prerender-plugin.ts builds it from this file,
 * minified, and allows it by its hash in the Content-Security-Policy). It runs in `<head>`, before
 * anything else of the app has been fetched, and decides between two starts:
 *
 * - The signed-out home's first screen, rendered at build time into `<template id="prerender">`
 *   (src/app/prerender.tsx), is what this visitor is about to see: no token in this tab, the home
 *   route, English, online, the blog banner's place not given up. It goes on screen at once, with
 *   the stylesheet, and the app's code is asked for once that screen has been painted, so the two
 *   do not share the link. The app's first render then replaces it with the same markup (React
 *   empties its container on the first commit), so nothing moves.
 * - Anyone else (signed in, another page, another language, …) sees nothing of it: the app's code
 *   is asked for at once, as if the tags were in the document.
 *
 * The tags themselves are listed in `<script type="application/json" id="boot-assets">`: as real tags
 * the browser would fetch them while parsing, before this script could choose. No imports but pure
 * ones: the whole of it is inlined into every page.
 */
import { FIRST_VISIT_PROBES } from '../entities/post/feed-scan';
import { isLocale, matchLocale } from '../i18n/locales';
import { BOOT_FETCHES, type BootFetches } from '../lib/boot-fetches';
import { STORAGE_KEYS } from '../lib/storage-keys';

/** What index.html would otherwise have linked: module preloads, fetches (config.json), the entry. */
export interface BootAssets {
  modules: string[];
  fetches: string[];
  entry: string;
}

/** What the page knows before any of the app runs. */
export interface BootState {
  hash: string;
  token: string | null;
  blogDismissed: string | null;
  languagePreference: string | null;
  browserLanguages: readonly string[];
  online: boolean;
  /** The highest post id seen in this browser (src/entities/post/known-head.ts), null on a first visit. */
  knownHead: string | null;
}

/** The attribute on `<html>` that tells the app its first screen was already on show (src/app/boot-prefetch.ts). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

const isHome = (hash: string) => hash === '' || hash === '#' || hash === '#/';

/** Whether the first screen the app will render is the prerendered one: signed out, on the home, in English. */
export function prerenderFits(state: BootState): boolean {
  const locale = isLocale(state.languagePreference) ? state.languagePreference : matchLocale(state.browserLanguages);
  return (
    state.token === null &&
    state.blogDismissed === null &&
    locale === 'en' &&
    state.online &&
    isHome(state.hash)
  );
}

function readState(win: Window): BootState {
  const nav = win.navigator;
  return {
    hash: win.location.hash,
    token: win.sessionStorage.getItem(STORAGE_KEYS.token),
    blogDismissed: win.sessionStorage.getItem(STORAGE_KEYS.blogDismissed),
    languagePreference: win.localStorage.getItem(STORAGE_KEYS.language),
    browserLanguages: nav.languages?.length ? nav.languages : [nav.language],
    online: nav.onLine !== false,
    knownHead: win.localStorage.getItem(STORAGE_KEYS.knownHead),
  };
}

/**
 * Adds the app's tags to `<head>` (`crossorigin` as Vite writes them, so preloads and loads match)
 * and starts the fetches (config.json) for the app to take (src/lib/boot-fetches.ts). On a signed-in
 * first visit to the feed (`state`: no post seen in this browser yet) whose API is on another origin,
 * the head discovery's first round goes out as soon as config.json names that API, while the app's
 * code downloads: round trips its idle connections would otherwise make only after the code has run.
 * Not to an API behind this origin: those requests would share its six connections with the code.
 */
export function loadApp(win: Window, assets: BootAssets, state?: BootState): void {
  const doc = win.document;
  const add = (tag: string, attributes: Record<string, string>) => {
    const element = doc.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    doc.head.appendChild(element);
  };
  const fetches: BootFetches = new Map();
  (win as unknown as Record<string, BootFetches>)[BOOT_FETCHES] = fetches;
  // Not taken within a minute (the app started elsewhere, or not at all): sent again when asked for.
  win.setTimeout(() => fetches.clear(), 60_000);
  const start = (url: string, init: RequestInit, token?: string) => {
    const controller = new AbortController();
    const response = fetch(url, { ...init, signal: controller.signal });
    // A failure is the app's to handle when it takes the request; untaken, it is no page error.
    response.catch(() => {});
    fetches.set(url, { response, controller, token });
    return response;
  };
  for (const href of assets.fetches) {
    const config = start(new URL(href, doc.baseURI).href, { cache: 'no-store' });
    const token = state?.token;
    if (token && state.knownHead === null && isHome(state.hash))
      config
        .then((response) => response.clone().json())
        .then(({ apiBaseUrl: base, mocks }: { apiBaseUrl?: string; mocks?: unknown }) => {
          // As the app would use it (src/lib/config.ts); anything else throws or fails the test. The
          // document's no-referrer policy and the default credentials (none to another origin) hold.
          if (mocks === false && /^https?:\/\/[^/\\]/i.test(base!) && new URL(base!).origin != win.location.origin)
            for (const id of FIRST_VISIT_PROBES)
              start(`${base!.replace(/\/+$/, '')}/v2/post/${id}`, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } }, token);
        })
        .catch(() => {});
  }
  for (const href of assets.modules) add('link', { rel: 'modulepreload', crossorigin: '', href });
  add('script', { type: 'module', crossorigin: '', src: assets.entry });
}

export function boot(win: Window = window): void {
  const doc = win.document;
  const assets = JSON.parse(doc.getElementById('boot-assets')?.textContent ?? 'null') as BootAssets;
  let state: BootState | undefined;
  try {
    state = readState(win);
  } catch {
    // Storage refused (a privacy setting): the app decides for itself.
  }
  if (!state || !prerenderFits(state)) {
    loadApp(win, assets, state);
    return;
  }
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    loadApp(win, assets);
  };
  const show = () => {
    const template = doc.getElementById('prerender');
    const root = doc.getElementById('root');
    if (!(template instanceof HTMLTemplateElement) || !root) return load();
    root.appendChild(template.content);
    doc.documentElement.setAttribute(PRERENDERED_ATTRIBUTE, '');
    // Its links are the app's (`#/settings`), which the app follows once it runs, but for the skip
    // link: `#main` is no route. As the app's own skip link does, it moves focus instead.
    doc.addEventListener('click', (event) => {
      if (!(event.target instanceof Element) || !event.target.closest('a[href="#main"]')) return;
      event.preventDefault();
      doc.getElementById('main')?.focus();
    });
    // After the frame that paints it; a hidden tab paints nothing and runs no frames, so at once.
    if (doc.visibilityState === 'hidden') return load();
    win.requestAnimationFrame(() => win.setTimeout(load, 0));
    // A frame may never come (the tab hidden meanwhile).
    win.setTimeout(load, 250);
  };
  // This script sits in <head>, before the stylesheet (an inline script after a stylesheet waits
  // for it, which would hold everyone else's app code back by the stylesheet's download): the
  // template in <body> is there once the document has been parsed, before the stylesheet allows
  // a first paint.
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', show, { once: true });
  else show();
}
