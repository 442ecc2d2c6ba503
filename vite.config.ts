import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { bootPreloadPlugin } from './build/boot-preload-plugin.ts';
import { compileHintsPlugin, EAGER_CHUNKS } from './build/compile-hints-plugin.ts';
import { coreExportsPlugin } from './build/core-exports-plugin.ts';
import { buildId } from './build/build-id.ts';
import { cspPlugin } from './build/csp-plugin.ts';
import { entryImportsPlugin } from './build/entry-imports-plugin.ts';
import { i18nCatalogPlugin } from './build/i18n-plugin.ts';
import { inlineFaviconPlugin } from './build/inline-favicon-plugin.ts';
import { carriesMockBackend, mockMediaPlugin } from './build/mock-media-plugin.ts';
import { previewConfigPlugin } from './build/preview-config-plugin.ts';
import { prerenderPlugin } from './build/prerender-plugin.ts';
import { preloadHelperPlugin } from './build/preload-helper-plugin.ts';
import { reactEsmPlugin } from './build/react-esm-plugin.ts';
import { reactRouterProductionAlias } from './build/react-router-production.ts';
import { pwaPlugin } from './build/pwa-plugin.ts';
import { LOCALES } from './src/i18n/locales.ts';

/**
 * What every page runs on: React, the router, Query, zod and the app's shared layers (not links or
 * the persister's writer, loaded later, nor the modal, which only dialogs opened on demand use, nor
 * the not-found card, which only pages loaded on demand show, nor the draft store, which only the
 * composer and sign-out load, nor the mute store, matcher and the feed's filter, which load only
 * for an account with mutes (entities/mute/mute-core.ts, use-feed-mute-filter.ts), nor the
 * replies store, which only the replies' count logic, their page and a rename load, nor the post
 * writes (lib/api/post-writes.ts) and the composer's look for a post that may have landed
 * (entities/post/posts-above.ts), nor the check for new posts' timer, "last seen" and what the tab's
 * title counts (entities/post/head-poll.ts and its kin: only the feed's later part and the replies
 * watch load them, after the first content), nor what only pages and tasks loaded later use
 * (entities/post/feed-cache.ts, reader-tab.ts, post-events.ts, entities/account/preference-writes.ts,
 * account-data-writes.ts,
 * components/ui/later-icons.tsx, lib/api/users.ts: no first screen imports them), nor the keyboard
 * shortcuts (lib/shortcuts.ts: the app's keys load after the first content, the feed's with its
 * windowed list), nor Query's LATER_QUERY_MODULES). The post card (entities/post/ui/) is in it: the
 * feed, a thread and a profile show it first. As a chunk of its own it cost the feed's first load 534 B more (its
 * imports from core, a file of its own to compress), where the pages that show no post (the
 * signed-out home, painted before any script, the composer and settings when opened first) now
 * load its 940 B too (issue 37).
 */
const CORE_MODULES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](query-core|react-query)|zod)[\\/]|src[\\/](i18n|entities[\\/](?!draft[\\/]draft-store|mute[\\/](mute-store|match|feed-mute-filter)|replies[\\/]|post[\\/](posts-above|head-poll|tab-return|last-seen|new-posts-waiting|feed-cache|reader-tab|post-events)|account[\\/](forget-account|legacy-keys|for-account|device-accounts|preference-writes|account-data-writes))|components[\\/]ui[\\/](?!modal|not-found-card|outcome-notice|later-icons)|lib[\\/](api(?![\\/](post-writes|users))|schema-kinds|config|first-content|safe-storage|external-store|query-client|url|time|online-status|limiter|lazy-route))/;

/**
 * The parts of Query no first screen runs: the author's actions, the composer and the profile
 * editor mutate, the thread's replies use useQueries, the persister's writer dehydrates. In the
 * core chunk they cost every first load 1.6 KB gzip; left out, they go to the chunks that use them.
 */
const LATER_QUERY_MODULES = /@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](hydration|mutationObserver|useMutation|queriesObserver|useQueries)\.js$/;
const entryImports = entryImportsPlugin();
/** React's API as ES module bindings for the app's code (build/react-esm-plugin.ts): used by every page. */
const REACT_ESM = /build[\\/]react-esm[\\/]/;
/** Core: those shared layers, and whatever the entry script imports statically (build/entry-imports-plugin.ts). */
const isCoreModule = (id: string) => (CORE_MODULES.test(id) || REACT_ESM.test(id) || entryImports.has(id)) && !LATER_QUERY_MODULES.test(id);

/**
 * Test files that need modules fresh from import: they read module-level state a previous file
 * would have changed (which page's code has loaded, the first-content hold, the persisted cache's
 * generation, online status, a waiting app update), or change what every later file would see
 * (the boot loader's document, a worker module's side effects).
 */
const ISOLATED_TESTS = [
  'test/app/app.preload-on-intent.test.tsx',
  'test/app/app.query-persistence.test.tsx',
  'test/app/app.sign-in-speed.test.tsx',
  'test/app/boot-loader.test.ts',
  'test/app/routes/feed.preload-on-intent.test.tsx',
  'test/app/routes/feed.take-over.test.tsx',
  'test/entities/account/token-store.test.ts',
  'test/lib/first-content.test.ts',
  'test/lib/idle.test.ts',
  'test/lib/intl-warm.worker.test.ts',
  'test/lib/lazy-route.test.tsx',
  'test/lib/online-status.test.ts',
  'test/app/app.offline.test.tsx',
  'test/app/app.update-notice.test.tsx',
  'test/build/pwa-plugin.test.ts',
  'test/lib/api/transport.offline.test.ts',
  'test/features/status/components/api-status.test.tsx',
  'test/i18n/i18n.test.ts',
  'test/app/later-routes.test.ts',
];

// base './' keeps every asset URL relative, so dist/ runs from any sub-path of any static host.
/**
 * Characters of content hash in file names: as few as the bundler allows (each name is in the first
 * load's code); it wants more as the chunks grow (7 from 65 chunks: 6 failed the build at 65).
 */
const hashLength = (mode: string) => (mode === 'preview' ? 8 : 7);

/**
 * Chunks that keep their name in the file's: the first loads' (the feed's and thread's, the
 * catalogs, the signed-out home's sign-in form), which the tests and the size report name. Every
 * other chunk is its content hash alone: the first load's code lists them all (the router's
 * imports and their preload lists), and their names were 387 B gzip of it (issues 37, 38).
 * The designers' build keeps every name.
 */
const NAMED_CHUNKS: ReadonlySet<string> = new Set([...EAGER_CHUNKS, ...LOCALES, 'sign-in-panel']);
const chunkFileName = (mode: string) => (chunk: { name: string }) =>
  mode === 'preview' || NAMED_CHUNKS.has(chunk.name) ? `assets/[name]-[hash:${hashLength(mode)}].js` : `assets/[hash:${hashLength(mode)}].js`;
/** Likewise the stylesheets: the app's own (index.css) keeps its name; the lazy pages' are their hash (22 B gzip). */
const assetFileName = (mode: string) => (asset: { names: readonly string[] }) =>
  mode === 'preview' || asset.names.includes('index.css') ? `assets/[name]-[hash:${hashLength(mode)}][extname]` : `assets/[hash:${hashLength(mode)}][extname]`;

/** Vitest's file order (test/support/sequencer.ts): imported only under Vitest, not by the builds. */
const sequencer = process.env.VITEST ? (await import('./test/support/sequencer.ts')).LongestFirstSequencer : undefined;

export default defineConfig(({ mode, command }) => ({
  base: './',
  // The in-browser mock's cookie jar without the Public Suffix List (src/mocks/public-suffix.ts): in
  // the browser's builds only (dev and the designers' preview carry the mock); Vitest keeps the list.
  // And in a build, React Router's production build (build/react-router-production.ts; the dev server keeps its warnings).
  ...(!process.env.VITEST && {
    resolve: {
      alias: [
        { find: /^tldts$/, replacement: fileURLToPath(new URL('./src/mocks/public-suffix.ts', import.meta.url)) },
        ...(command === 'build' ? [reactRouterProductionAlias()] : []),
      ],
    },
  }),
  plugins: [react(), reactEsmPlugin(), preloadHelperPlugin(), entryImports.plugin, i18nCatalogPlugin(), inlineFaviconPlugin(), bootPreloadPlugin(), cspPlugin(), previewConfigPlugin(), mockMediaPlugin(), compileHintsPlugin(), pwaPlugin(mode), prerenderPlugin(), coreExportsPlugin()],
  // The persisted query cache's version (src/lib/query-persistence.ts): a new build ignores an old one's.
  define: {
    'import.meta.env.BUILD_ID': JSON.stringify(buildId(fileURLToPath(new URL('.', import.meta.url)))),
    // The mock backend exists in development, tests and the designers' preview only (build/mock-media-plugin.ts).
    'import.meta.env.MOCK_BACKEND': JSON.stringify(carriesMockBackend(mode)),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // Read by scripts/check-size.mjs to know which chunks a page loads first.
    manifest: true,
    // Every browser the app supports (ES2022) has <link rel=modulepreload>: no polyfill for it in the first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Six characters of content hash (36 bits) instead of eight: the first load carries every
        // lazy chunk's and stylesheet's name (the router's imports and their preload lists), about
        // seventy names whose hashes gzip cannot shrink: about 110 B gzip off the feed's first load.
        // The designers' build carries the mocks' chunks too: more than 6 characters can name apart.
        entryFileNames: `assets/[name]-[hash:${hashLength(mode)}].js`,
        chunkFileNames: chunkFileName(mode),
        assetFileNames: assetFileName(mode),
        // The shared code every page needs goes in one chunk instead of a dozen small ones: each
        // chunk is compressed on its own, and tiny ones cost more in headers and lost context.
        codeSplitting: {
          groups: [
            { name: 'core', test: isCoreModule, priority: 1 },
            // The replies' stored state and the highest post id the app has: the replies watch, their
            // page and the data file (app/device-data/) use them. One chunk, not one per set of users:
            // each chunk's name is in the first load's preload lists.
            { name: 'replies-store', test: /src[\\/](entities[\\/]replies[\\/]replies-store|features[\\/]replies[\\/]highest-known-id)\.ts$/ },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/support/setup.ts'],
    restoreMocks: true,
    // The longest files first, also on a fresh clone (test/support/sequencer.ts).
    ...(sequencer && { sequence: { sequencer } }),
    testTimeout: 15000,
    // A worker per CPU. Vitest's default is one fewer: one worker on CI's 2-core machine.
    maxWorkers: '100%',
    projects: [
      // Most files share a worker's modules and jsdom window (isolate off): importing the app and
      // starting jsdom once per worker, not once per file, halves the suite's CPU time. Each test
      // already starts from what setup.ts resets (storage, stores, the mock backend, the hash).
      {
        extends: true,
        test: {
          name: 'shared',
          isolate: false,
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ISOLATED_TESTS,
          // After the root's setup.ts (extends: the lists are joined): pages imported once per worker
          // before its tests (test/support/warm-pages.ts).
          setupFiles: ['./test/support/warm-pages.ts'],
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED_TESTS } },
    ],
  },
}));
