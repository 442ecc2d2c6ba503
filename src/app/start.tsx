/**
 * The app's start: config.json, the language, the first page's code and data, then the first render.
 * src/main.tsx, the build's entry, imports it; it is a module of the core chunk (vite.config.ts), so
 * index.html starts that chunk itself rather than an entry chunk of its own importing from it.
 */
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { firstScreenCommitted, holdForFirstContent, prefetchInitialData, preloadInitialRoute } from './boot-prefetch';
import { whenFirstContent } from '../lib/first-content';
import { createAppQueryClient } from './create-app-query-client';
import { isPersistedQuery } from './persisted-queries';
import { tokenStore } from '../entities/account/token-store';
import { forgetUnkeyedDrafts } from '../entities/draft/unkeyed-drafts';
import { api, configureApi } from '../lib/api/client';
import { probeNetwork } from '../lib/api/ping';
import { restrictConnections } from '../lib/csp';
import { ConfigError, loadConfig } from '../lib/config';
import { warmFormatters, warmIntlOffMainThread } from '../lib/time';
import { followNetwork, onlineStatus } from '../lib/online-status';
import { safeStorage } from '../lib/safe-storage';
import { activateLocale, currentLocale, followBrowserLanguage, loadLaterMessages, resolveLocale, t } from '../i18n/i18n';
import { persistQueryCacheLater, restoreQueryCache } from '../lib/query-persistence';
import { afterNextPaint, whenIdle } from '../lib/idle';

/** Keys of the version that kept a key per username and store (entities/account/legacy-keys.ts). */
function hasLegacyAccountData(): boolean {
  try {
    return Object.keys(localStorage).some((key) => /^social\.(dra|mut|rep|alw)/.test(key));
  } catch {
    return false;
  }
}

async function start() {
  const root = createRoot(document.getElementById('root')!);
  // Drafts from before they were kept per account belong to nobody known: gone before anything shows.
  forgetUnkeyedDrafts();
  // Per-account data of an older version (a key per username and store): moved once to its account's
  // home before anything reads it; the moving code loads only where such keys are.
  const legacyMoved = hasLegacyAccountData()
    ? import('../entities/account/legacy-keys').then((m) => m.moveLegacyAccountData()).catch(() => undefined)
    : undefined;
  const hash = window.location.hash;
  const signedIn = tokenStore.getToken() !== null;
  // The first page's code loads beside config.json; rendering waits for it (no fallback flash).
  const routeReady = preloadInitialRoute(hash, signedIn).catch(() => undefined);
  // The interface's language loads beside config.json too (English is a chunk like the others).
  const locale = resolveLocale();
  const languageReady = activateLocale(locale).catch(() => activateLocale('en'));
  // The Intl data every date and count shares is built by a worker, on another core. Signed in, at
  // once: the first screen may be posts restored from the cache. Signed out, the first screen shows
  // no dates: the worker waits for it, below.
  const intlWarmedEarly = signedIn ? warmIntlOffMainThread(locale) : null;
  let config;
  try {
    config = await loadConfig({ isDev: import.meta.env.DEV, lastConfig: lastConfigStore() });
  } catch (error) {
    // The message is read in the interface's language, so only once that has loaded (its words are
    // in the later catalog: no first load carries them).
    const textLoaded = await languageReady.then(loadLaterMessages).then(
      () => true,
      () => false,
    );
    // Only on a failure: the error screens are a chunk of their own.
    const { ConfigErrorScreen, TextUnavailableScreen } = await import('./config-error');
    if (!textLoaded) return root.render(<TextUnavailableScreen />);
    const message = error instanceof ConfigError ? error.message : t('config.unreadable');
    root.render(<ConfigErrorScreen message={message} />);
    return;
  }
  await legacyMoved;
  // A separate chunk, fetched only when mocks are on; a production build has none (the constant is
  // false there, the import goes with the branch, and config.json's "mocks": true was refused above).
  if (config.mocks && import.meta.env.MOCK_BACKEND) {
    const { startBrowserMocks } = await import('../mocks/browser');
    await startBrowserMocks({ baseUrl: new URL(config.apiBaseUrl, document.baseURI).href.replace(/\/+$/, '') });
  }
  if (import.meta.env.PROD) restrictConnections(config.apiBaseUrl);
  // Before the first request: a page opened offline pauses its queries instead of failing them.
  followNetwork(!config.mocks, () => probeNetwork(api()));
  // isOnline, reached and recheck (subscribe, passed along, goes unused).
  configureApi({ baseUrl: config.apiBaseUrl, getToken: tokenStore.getToken, ...onlineStatus });
  const queryClient = createAppQueryClient();
  // A reload paints what the tab showed from the persisted cache, before any API answer.
  restoreQueryCache(queryClient, tokenStore.getToken());
  prefetchInitialData(queryClient, hash, signedIn);
  holdForFirstContent(queryClient, hash, signedIn);
  const intlWarm = intlWarmedEarly ?? whenFirstContent(() => warmIntlOffMainThread(locale));
  await routeReady;
  try {
    await languageReady;
  } catch {
    const { TextUnavailableScreen } = await import('./config-error');
    root.render(<TextUnavailableScreen />);
    return;
  }
  followBrowserLanguage();
  // A transition: React renders the first screen in slices of a few milliseconds, yielding to the
  // browser between them, instead of one long task of first-run (cold) code.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App config={config} queryClient={queryClient} />
        <FirstScreenSignal />
      </StrictMode>,
    );
  });
  // The cache writer and the service worker: nothing of them is needed to show the page, so they
  // start once its first content is on screen and the page is idle, each from a chunk of its own
  // whose requests must not compete with what the first page fetches.
  void whenFirstContent(() => {
    persistQueryCacheLater(queryClient, { getOwner: tokenStore.getToken, shouldPersist: isPersistedQuery });
    whenIdle(() => void import('../features/pwa/schedule-registration').then((m) => m.registerServiceWorkerIfWanted(config, lastConfigStore)), 4_000);
  });
  // The page's own formatters, each in a task of its own after the first paint and once the worker
  // has built what they share: not inside the render that shows the first posts.
  void Promise.all([afterNextPaint(), intlWarm]).then(() => warmFormatters(currentLocale()));
}

/** Tells the first-screen hold (app/boot-prefetch.ts) that the first screen is committed. */
function FirstScreenSignal() {
  useEffect(firstScreenCommitted, []);
  return null;
}

/** The last config.json read in this browser: what an offline start (served by the service worker) uses. */
function lastConfigStore() {
  const storage = safeStorage('local');
  const key = 'social.config.last';
  return { get: () => storage.get(key), set: (raw: string) => storage.set(key, raw) };
}

void start();
