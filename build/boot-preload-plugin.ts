import type { Plugin } from 'vite';

/**
 * The built index.html starts config.json itself (`<link rel=preload as=fetch>`), beside the
 * entry's own chunks: the first render and the first API requests wait for it, and the entry would
 * otherwise ask for it only once it has run, a round trip later. src/lib/config.ts reads it with a
 * request that takes over the preloaded response (same URL, CORS mode, same-origin credentials):
 * one request (test/browser/first-load.test.mjs). It follows normal HTTP caching, so hosts serve
 * config.json with `Cache-Control: no-cache` (README). Build only.
 */
export function bootPreloadPlugin(): Plugin {
  return {
    name: 'social:boot-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        { tag: 'link', attrs: { rel: 'preload', href: './config.json', as: 'fetch', crossorigin: '' }, injectTo: 'head' },
      ],
    },
  };
}
