/**
 * Initial JS: the app's per route (scripts/check-size.mjs's measurement, the one `npm run size`
 * judges, in the bench's units) and the floor page's, measured the same way (gzip -9, brotli 11).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSize, inlineScripts, measureFloorInitialJs, measureInitialJs, RATIO_GOAL, RATIO_LIMIT } from '../../scripts/check-size.mjs';

export { measureFloorInitialJs };

/** A chunk of check-size.mjs's report (plain JS: typed here). */
export interface InitialJsChunk {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export function measureSize(dist: string) {
  const report = measureInitialJs(dist);
  return {
    feedRatioLimit: RATIO_LIMIT,
    feedRatioGoal: RATIO_GOAL,
    perRoute: Object.fromEntries(
      Object.entries(report.perRoute).map(([route, r]) => [route, { gzipBytes: r.gzip, brotliBytes: r.brotli }]),
    ) as Record<string, { gzipBytes: number; brotliBytes: number }>,
    feedChunks: report.feedInitialJs.chunks.map((c: InitialJsChunk) => ({ file: c.file, rawBytes: c.raw, gzipBytes: c.gzip, brotliBytes: c.brotli })),
    mockCodeInInitialChunks: report.mockCodeInInitialChunks,
  };
}

/** What the scripts a page fetched weigh, in `npm run size`'s unit (gzip -9). */
export interface ScriptWeights {
  /** index.html's inline scripts: run by every load, fetched with the page. */
  inlineGzipBytes: number;
  /** A script of the app by the path the browser asked for (`/base/assets/x.js`); null when dist/ has no such file. */
  gzipBytesOf(urlPath: string): number | null;
}

/**
 * The scripts of `dist` weighed as `npm run size` weighs the first load's, for the bench's count of
 * what a browser really fetched (scenarios/first-post.ts): the lazy chunks that start before the
 * first post is on screen are in that count, the first load's list in npm run size is not.
 */
export function scriptWeights(dist: string): ScriptWeights {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const inlineGzipBytes = (inlineScripts(html) as string[]).reduce((n, code) => n + (gzipSize(Buffer.from(code, 'utf8')) as number), 0);
  const cache = new Map<string, number | null>();
  return {
    inlineGzipBytes,
    gzipBytesOf(urlPath) {
      // A chunk or worker under assets/ wherever the site's base puts it; a file at the build's top (the service worker) by its name.
      const file = /(?:^|\/)(assets\/[^/?#]+\.js)(?:[?#].*)?$/.exec(urlPath)?.[1] ?? /\/([^/?#]+\.js)(?:[?#].*)?$/.exec(urlPath)?.[1];
      if (!file) return null;
      if (!cache.has(file)) {
        let bytes: number | null = null;
        try {
          bytes = gzipSize(readFileSync(path.join(dist, file)));
        } catch {
          // Not in this build: named by the caller, not counted.
        }
        cache.set(file, bytes);
      }
      return cache.get(file) ?? null;
    },
  };
}
