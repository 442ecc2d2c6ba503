import type { PluginOption } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

/** Light colours of the manifest; index.html carries the dark theme colour as a media-scoped meta. */
export const THEME_COLOR = { light: '#ffffff', dark: '#171b21' } as const;
export const BACKGROUND_COLOR = '#f6f7f9';

/** Relative URLs throughout: the manifest, like dist/, works under any sub-path. */
export const MANIFEST: Partial<ManifestOptions> = {
  name: 'Social',
  short_name: 'Social',
  description: 'A web client for the Social Posting Service',
  id: './',
  start_url: './',
  scope: './',
  display: 'standalone',
  // The manifest's own texts (name, description) are English: a static file cannot follow the person's
  // language, so it says so; the app itself sets <html lang dir> from the chosen language.
  lang: 'en',
  dir: 'ltr',
  theme_color: THEME_COLOR.light,
  background_color: BACKGROUND_COLOR,
  // Drawn by scripts/generate-icons.mjs.
  icons: [
    { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ],
};

/**
 * Navigations the service worker must not answer with index.html (it tests path + query):
 * the API when it shares the origin (`…/v2/…`, a token-bearing resource, never the app), and
 * any file: a name with an extension other than .html (config.json, sw.js, the MSW worker).
 * Other origins never reach the fallback: a worker only sees navigations inside its own scope.
 */
export const NAVIGATE_FALLBACK_DENYLIST = [/\/v2(?:[/?]|$)/, /^[^?]*\.(?!html?(?:\?|$))[a-z0-9]+(?:\?.*)?$/i];

/**
 * The production service worker (Workbox generateSW): precaches the shell and the hashed assets,
 * answers navigations with the precached index.html, and caches nothing at run time, so API
 * answers (they carry the token) and config.json always go to the network. It waits for the
 * app's "Reload" (SKIP_WAITING) instead of taking over an open tab; the app registers it itself
 * (src/features/pwa/register-service-worker.ts), so no registration script is injected.
 *
 * The designer preview (mode `preview`) and the dev server get none: there MSW's worker owns
 * the scope, and two workers on one scope would replace each other.
 */
export function pwaPlugin(mode: string): PluginOption {
  return [VitePWA({
    disable: mode === 'preview',
    strategies: 'generateSW',
    registerType: 'prompt',
    injectRegister: false,
    manifest: MANIFEST,
    // The glob below already takes public/icons and the favicon; listing them twice is noise.
    includeManifestIcons: false,
    devOptions: { enabled: false },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png}'],
      // A production build carries no mock code (build/mock-media-plugin.ts); MSW's worker, copied from
      // public/, is removed once the bundle is written, which may be after this glob.
      globIgnores: ['mockServiceWorker.js'],
      navigateFallback: 'index.html',
      navigateFallbackDenylist: NAVIGATE_FALLBACK_DENYLIST,
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      // First install only (an update waits for "Reload"): the page that installed the worker is
      // served by it from then on, so the chunks it loads later are there offline too.
      clientsClaim: true,
      skipWaiting: false,
    },
  })];
}
