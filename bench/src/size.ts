/**
 * Initial JS: the app's per route (scripts/check-size.mjs's measurement, the one `npm run size`
 * judges, in the bench's units) and the floor page's, measured the same way (gzip -9, brotli 11).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { BUDGET as FEED_INITIAL_JS_BUDGET_GZIP, measureInitialJs } from '../../scripts/check-size.mjs';

/** A chunk of check-size.mjs's report (plain JS: typed here). */
interface InitialJsChunk {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export function measureSize(dist: string) {
  const report = measureInitialJs(dist);
  return {
    feedBudgetGzipBytes: FEED_INITIAL_JS_BUDGET_GZIP,
    perRoute: Object.fromEntries(
      Object.entries(report.perRoute).map(([route, r]) => [route, { gzipBytes: r.gzip, brotliBytes: r.brotli }]),
    ) as Record<string, { gzipBytes: number; brotliBytes: number }>,
    feedChunks: report.feedInitialJs.chunks.map((c: InitialJsChunk) => ({ file: c.file, rawBytes: c.raw, gzipBytes: c.gzip, brotliBytes: c.brotli })),
    mockCodeInInitialChunks: report.mockCodeInInitialChunks,
  };
}

/**
 * The floor page's initial JS: every script its index.html loads or preloads (it has no lazy
 * chunks, so that is all its JavaScript; `otherJsFiles` would show one that is not).
 */
export function measureFloorInitialJs(floorDir: string) {
  const html = readFileSync(path.join(floorDir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\brel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1]!.replace(/^\.\//, ''));
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([^<]+)<\/script>/g)].map((m) => Buffer.from(m[1]!, 'utf8'));
  const files = [...new Set(refs)];
  const sources = [...files.map((file) => readFileSync(path.join(floorDir, file))), ...inline];
  const gzipBytes = sources.reduce((n, bytes) => n + gzipSync(bytes, { level: 9 }).length, 0);
  const brotliBytes = sources.reduce((n, bytes) => n + brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length, 0);
  const allJs = readdirSync(path.join(floorDir, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
  return { gzipBytes, brotliBytes, files, otherJsFiles: allJs.filter((f) => !files.includes(f)) };
}
