// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript run by node (npm run size); its report is read loosely here.
import { measureInitialJs } from '../../scripts/check-size.mjs';

interface Chunk {
  file: string;
  gzip: number;
}
interface Report {
  feedInitialJs: { gzip: number; chunks: Chunk[] };
}

let dist: string | null = null;
afterEach(() => {
  if (dist) rmSync(dist, { recursive: true, force: true });
  dist = null;
});

/** A built dist/ reduced to what check-size reads: the manifest, the chunks, index.html. */
function fakeDist(inlineLoader: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'check-size-'));
  mkdirSync(join(dir, '.vite'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index.js'), 'import "./feed.js";\n');
  writeFileSync(join(dir, 'assets', 'feed.js'), 'export const feed = 1;\n');
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index.js', isEntry: true, imports: [] },
      'src/app/routes/feed.tsx': { file: 'assets/feed.js', isDynamicEntry: true },
    }),
  );
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head>
    <script type="application/json" id="boot-assets">{"modules":[],"fetches":["./config.json"],"entry":"./assets/index.js"}</script>
    <script id="boot-loader">${inlineLoader}</script>
    </head><body><div id="root"></div></body></html>`,
  );
  return dir;
}

describe('check-size: the feed initial JS of a build', () => {
  it('counts the whole inline loader, comparisons and all (minified code has "<" in it)', () => {
    const loader = `(function(){for(var e=0;e<6;e++)if(e<=3&&e>1)console.log(e)})();`.repeat(20);
    dist = fakeDist(loader);
    const report = measureInitialJs(dist) as Report;
    const inline = report.feedInitialJs.chunks.find((chunk) => chunk.file === 'index.html#inline-script-1');
    expect(inline?.gzip).toBe(gzipSync(Buffer.from(loader), { level: 9 }).length);
    expect(report.feedInitialJs.chunks.map((chunk) => chunk.file)).toEqual(['assets/index.js', 'assets/feed.js', 'index.html#inline-script-1']);
    expect(report.feedInitialJs.gzip).toBe(report.feedInitialJs.chunks.reduce((sum, chunk) => sum + chunk.gzip, 0));
  });
});
