import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The app's own modules, the only importers sent to the shims (forward slashes, as Vite names modules). */
const SRC = fileURLToPath(new URL('../src/', import.meta.url)).replaceAll('\\', '/');

/** What the app's modules import from React's packages, and the module that re-exports it. */
const SHIMS: Readonly<Record<string, string>> = {
  react: fileURLToPath(new URL('./react-esm/react.ts', import.meta.url)),
  'react-dom': fileURLToPath(new URL('./react-esm/react-dom.ts', import.meta.url)),
  'react/jsx-runtime': fileURLToPath(new URL('./react-esm/jsx-runtime.ts', import.meta.url)),
};

/**
 * In a build, the app's own modules (src/) get React, react-dom and the JSX runtime through
 * build/react-esm/: ES module bindings, where React itself is CommonJS (build/react-esm/react.ts).
 * Libraries keep importing React directly, and so do the shims. 158 B gzip off the feed's first
 * load. Vitest and the dev server import React as it is.
 */
export function reactEsmPlugin(): Plugin {
  return {
    name: 'social:react-esm',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const shim = SHIMS[source];
      return shim && importer?.startsWith(SRC) ? shim : null;
    },
  };
}
