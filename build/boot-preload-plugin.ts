import type { Plugin } from 'vite';

/**
 * The built index.html starts, beside the entry's own chunks, what the first render waits for and
 * the entry would otherwise ask for only once it has run (one round trip later):
 * - config.json (written as `<link rel=preload as=fetch>`, which build/prerender-plugin.ts moves to the
 *   inline loader's list: src/app/boot-loader.ts fetches it, src/lib/config.ts takes that answer),
 *   which the first API requests wait for;
 * - the English catalog (`<link rel=modulepreload>`): the interface's text for most readers, and
 *   what every other language falls back to. A reader in another language fetches it too (about
 *   4 KB) and theirs after the entry has chosen it.
 * Build only; `npm run size` counts what index.html preloads as initial JS.
 */
export function bootPreloadPlugin({ catalog = 'en' }: { catalog?: string } = {}): Plugin {
  return {
    name: 'social:boot-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (item) => item.type === 'chunk' && item.facadeModuleId === `\0virtual:i18n-catalog/${catalog}`,
        );
        if (!chunk) throw new Error(`boot-preload: no chunk for the ${catalog} catalog`);
        return [
          { tag: 'link', attrs: { rel: 'preload', href: './config.json', as: 'fetch', crossorigin: '' }, injectTo: 'head' },
          { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `./${chunk.fileName}` }, injectTo: 'head' },
        ];
      },
    },
  };
}
