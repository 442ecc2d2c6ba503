#!/usr/bin/env node
/**
 * The feed's initial JS budget: ≤ 128 KB gzip (-9). Reads dist/.vite/manifest.json and sums what a
 * signed-in first load of the feed fetches: the entry chunk, its static imports, and the lazily
 * loaded feed route with its static imports, the English message catalog (loaded at boot), any
 * chunk index.html preloads, and index.html's inline script. Prints a JSON report; exits 1 over budget, or when a
 * chunk of that set contains mock code, the query-cache persister's writer, linkify (both load after
 * the first paint), or Query's mutations and (de)hydration (loaded by the pages and the writer that
 * use them). Run after `npm run build`.
 *
 * `measureInitialJs(dist)` is the same measurement as a function (used by `npm run bench`).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const BUDGET = 128 * 1024;
export const ROUTES = ['feed', 'sign-in', 'thread', 'profile', 'compose', 'settings'];

/** Initial JS per route (entry + its static imports + the route chunk and its static imports) of a built dist/. */
export function measureInitialJs(dist = 'dist') {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

  /** Chunks a key loads before it runs: itself and its static imports, recursively. */
  function staticClosure(key, seen = new Set()) {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen);
    return seen;
  }

  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const routeKey = (name) => Object.keys(manifest).find((k) => k.endsWith(`src/app/routes/${name}.tsx`));

  function measure(keys, inlineScripts = []) {
    const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
    const sources = [
      ...files.map((file) => ({ file, bytes: readFileSync(join(dist, file)) })),
      ...inlineScripts.map((code, i) => ({ file: `index.html#inline-script-${i + 1}`, bytes: Buffer.from(code, 'utf8') })),
    ];
    const chunks = sources.map(({ file, bytes }) => {
      return {
        file,
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
        mockCode: /tok-ada-lovelace|mockServiceWorker|setupWorker/.test(bytes.toString('utf8')),
        // Loaded after the first paint by design: the cache persister's writer and the link tokenizer;
        // and Query's mutations (`mutateAsync`) and dehydration (`dehydratedAt`), which no first screen runs.
        lateCode: /REACT_QUERY_OFFLINE_CACHE|linkify|mutateAsync|dehydratedAt/.test(bytes.toString('utf8')),
      };
    });
    const sum = (field) => chunks.reduce((n, c) => n + c[field], 0);
    return { gzip: sum('gzip'), brotli: sum('brotli'), raw: sum('raw'), chunks };
  }

  // The interface's text is fetched before the first render like the route's code (English here).
  const catalogKey = (locale) => Object.keys(manifest).find((k) => k.endsWith(`i18n-catalog/${locale}`));
  const shell = staticClosure(entry);
  if (catalogKey('en')) staticClosure(catalogKey('en'), shell);
  // And whatever index.html itself preloads (build/boot-preload-plugin.ts): fetched by every first
  // load. The built index.html lists those tags for its inline loader to add (build/prerender-plugin.ts).
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const bootList = /<script type="application\/json" id="boot-assets">([^<]*)<\/script>/.exec(html)?.[1];
  if (!bootList) throw new Error(`${join(dist, 'index.html')} has no boot list (#boot-assets): not a build of this app?`);
  for (const href of JSON.parse(bootList).modules) {
    const key = Object.keys(manifest).find((k) => manifest[k].file === href.replace(/^\.\//, ''));
    if (key) staticClosure(key, shell);
  }
  // The inline loader is JavaScript every first load runs too: counted as a chunk of its own. Up to
  // its `</script>` (build/prerender-plugin.ts refuses a loader with one inside): minified code has
  // `<` in comparisons, which `[^<]+` stopped at, leaving such a loader out of the sum unnoticed.
  const inline = [...html.matchAll(/<script(?: id="[\w-]+")?>([\s\S]*?)<\/script>/g)].map((match) => match[1]).filter((code) => code.trim());
  const routes = {};
  for (const name of ROUTES) {
    const key = routeKey(name);
    const keys = new Set(shell);
    if (key) staticClosure(key, keys);
    routes[name] = measure(keys, inline);
  }
  const feed = routes.feed;
  const mockChunks = feed.chunks.filter((c) => c.mockCode).map((c) => c.file);
  const lateChunks = feed.chunks.filter((c) => c.lateCode).map((c) => c.file);
  return {
    budget: { feedInitialJsGzip: BUDGET },
    feedInitialJs: { gzip: feed.gzip, brotli: feed.brotli, raw: feed.raw, chunks: feed.chunks.map((c) => ({ file: c.file, raw: c.raw, gzip: c.gzip, brotli: c.brotli })) },
    perRoute: Object.fromEntries(Object.entries(routes).map(([name, r]) => [name, { gzip: r.gzip, brotli: r.brotli }])),
    mockCodeInInitialChunks: mockChunks,
    lateCodeInInitialChunks: lateChunks,
    catalogs: Object.fromEntries(
      ['en', 'ar', 'pl'].filter(catalogKey).map((locale) => [locale, measure(new Set([catalogKey(locale)])).gzip]),
    ),
  };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const report = measureInitialJs(process.argv[2] ?? 'dist');
  const feed = report.feedInitialJs;
  const mockChunks = report.mockCodeInInitialChunks;
  const lateChunks = report.lateCodeInInitialChunks;
  console.log(JSON.stringify(report, null, 2));
  const kb = (n) => (n / 1024).toFixed(1);
  if (feed.gzip > BUDGET || mockChunks.length || lateChunks.length) {
    console.error(
      `size: FAIL feed initial JS ${kb(feed.gzip)} KB gzip (budget ${kb(BUDGET)} KB)${mockChunks.length ? `; mock code in ${mockChunks.join(', ')}` : ''}${lateChunks.length ? `; code that loads later (the persister, linkify, mutations) in ${lateChunks.join(', ')}` : ''}`,
    );
    process.exit(1);
  }
  console.log(`size: ok, feed initial JS ${kb(feed.gzip)} KB gzip / ${kb(feed.brotli)} KB brotli (budget ${kb(BUDGET)} KB gzip)`);
}
