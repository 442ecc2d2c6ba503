/**
 * The app's `__vitePreload`: what a lazy chunk's `import()` goes through in a build, fetching the
 * chunk's own imports (`<link rel=modulepreload>`) and stylesheets (`<link rel=stylesheet>`, waited
 * for, so a page never renders unstyled) beside it. build/preload-helper-plugin.ts puts it in place
 * of Vite's own, which also serves what this app never needs: a CSP nonce (the app's CSP allows its
 * scripts by hash, build/csp-plugin.ts), browsers without modulepreload (every ES2022 browser has
 * it), absolute bases (the base is './'), and the `vite:preloadError` event (nothing listens: a
 * failed load rejects the import, and the page that asked for it shows the failure with a retry).
 * 0.6 KB gzip of the feed's first load against about 0.25.
 *
 * Plain JavaScript: it is the module's code as the bundler receives it (test/build/preload-helper.test.ts
 * imports it as it is).
 */

/** Each dependency's URL: once asked for, its stylesheet's load while it is under way. */
const seen = {};

/**
 * @template T
 * @param {() => Promise<T>} load the chunk's own `import()`
 * @param {string[] | undefined} deps its imports and stylesheets, relative to `importerUrl`
 * @param {string} importerUrl the importing chunk's URL (`import.meta.url`)
 * @returns {Promise<T>}
 */
export const __vitePreload = (load, deps, importerUrl) =>
  Promise.all(
    (deps ?? []).map((dep) => {
      const href = new URL(dep, importerUrl).href;
      if (href in seen) return seen[href];
      const css = href.endsWith('.css');
      // In the page already: the entry's stylesheet and module preloads (index.html), a failed try.
      for (const link of document.getElementsByTagName('link')) {
        if (link.href === href && (!css || link.rel === 'stylesheet')) return (seen[href] = undefined);
      }
      const link = document.createElement('link');
      link.rel = css ? 'stylesheet' : 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
      if (!css) return (seen[href] = undefined);
      return (seen[href] = new Promise((resolve, reject) => {
        link.onload = resolve;
        // Asked again (a retry), the link in the page counts as there: the page renders, unstyled.
        link.onerror = () => {
          delete seen[href];
          reject(new Error(`Unable to preload CSS for ${href}`));
        };
      }));
    }),
  ).then(() => load());
