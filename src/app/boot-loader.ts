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
import { isLocale, matchLocale } from '../i18n/locales';
import { STORAGE_KEYS } from '../lib/storage-keys';

/** What index.html would otherwise have linked: module preloads, fetch preloads, the entry. */
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
}

/** The attribute on `<html>` that tells the app its first screen was already on show (src/app/boot-prefetch.ts). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** Whether the first screen the app will render is the prerendered one: signed out, on the home, in English. */
export function prerenderFits(state: BootState): boolean {
  const locale = isLocale(state.languagePreference) ? state.languagePreference : matchLocale(state.browserLanguages);
  return (
    state.token === null &&
    state.blogDismissed === null &&
    locale === 'en' &&
    state.online &&
    (state.hash === '' || state.hash === '#' || state.hash === '#/')
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
  };
}

/** Adds the app's tags to `<head>`; `crossorigin` as Vite writes them, so preloads and loads match. */
export function loadApp(doc: Document, assets: BootAssets): void {
  const add = (tag: string, attributes: Record<string, string>) => {
    const element = doc.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    doc.head.appendChild(element);
  };
  for (const href of assets.fetches) add('link', { rel: 'preload', as: 'fetch', crossorigin: '', href });
  for (const href of assets.modules) add('link', { rel: 'modulepreload', crossorigin: '', href });
  add('script', { type: 'module', crossorigin: '', src: assets.entry });
}

export function boot(win: Window = window): void {
  const doc = win.document;
  const assets = JSON.parse(doc.getElementById('boot-assets')?.textContent ?? 'null') as BootAssets;
  let fits = false;
  try {
    fits = prerenderFits(readState(win));
  } catch {
    // Storage refused (a privacy setting): the app decides for itself.
  }
  if (!fits) {
    loadApp(doc, assets);
    return;
  }
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    loadApp(doc, assets);
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
