import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** The module Vite's build import analysis makes every lazy `import()` in a build go through. */
const VITE_PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

/**
 * Puts the app's own preload helper (build/preload-helper.js: what Vite's does, less what this app
 * never needs) in place of Vite's. It is in every first load (the core chunk), and Vite's was 0.6 KB
 * gzip of it. Should Vite stop asking for the helper by this id, its own would quietly ship again:
 * test/build/production-build.test.ts fails then (it looks for Vite's CSP nonce lookup in both builds).
 */
export function preloadHelperPlugin(): Plugin {
  const code = readFileSync(new URL('./preload-helper.js', import.meta.url), 'utf8');
  return {
    name: 'social:preload-helper',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return id === VITE_PRELOAD_HELPER_ID ? code : null;
    },
  };
}
