// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript run by node (npm run size); its report is read loosely here.
import { compareToFloor, FIRST_TEXT_MODULES, laterMessageKeys, laterTextIn, measureInitialJs, RATIO_LIMIT } from '../../scripts/check-size.mjs';

interface Chunk {
  file: string;
  gzip: number;
}
interface Report {
  feedInitialJs: { gzip: number; chunks: Chunk[] };
  laterTextInFirstLoads: Array<{ file: string; keys: string[] }>;
}

let dist: string | null = null;
let floorDir: string | null = null;
afterEach(() => {
  for (const dir of [dist, floorDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  dist = null;
  floorDir = null;
});

/** A built floor page: its index.html and the one script it loads, of `code`. */
function fakeFloor(code: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'check-size-floor-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index.js'), code);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="./assets/index.js"></script><div id="root"></div>');
  return dir;
}

/** `npm run size` on a dist and a floor: its exit code and last line. */
function runSize(app: string, floor: string) {
  const run = spawnSync(process.execPath, ['scripts/check-size.mjs', app, floor], { encoding: 'utf8' });
  return { status: run.status, line: `${run.stdout}${run.stderr}`.trim().split('\n').at(-1) };
}

/** Text that gzip cannot shrink below its information: base64 of random bytes (3/4 of a byte a character). */
const noise = (characters: number) => randomBytes(Math.ceil((characters * 3) / 4)).toString('base64').slice(0, characters);

/** A built dist/ reduced to what check-size reads: the manifest, the chunks, index.html. */
function fakeDist(inlineLoader: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'check-size-'));
  mkdirSync(join(dir, '.vite'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index.js'), 'import "./feed.js";\n');
  writeFileSync(join(dir, 'assets', 'feed.js'), 'export const feed = 1;\n');
  // The chunks that render without the later catalog, which the check reads.
  const lazy = FIRST_TEXT_MODULES as string[];
  const chunkOf = (module: string) => `assets/${module.split('/').at(-1)!.replace(/\.tsx$/, '.js')}`;
  for (const module of lazy) writeFileSync(join(dir, chunkOf(module)), 'export const part = 1;\n');
  // The message keys each chunk names, as the build lists them (build/i18n-plugin.ts): none yet.
  writeFileSync(join(dir, '.vite', 'message-keys.json'), '{}');
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index.js', isEntry: true, imports: [] },
      'src/app/routes/feed.tsx': { file: 'assets/feed.js', isDynamicEntry: true },
      ...Object.fromEntries(lazy.map((module) => [module, { file: chunkOf(module), isDynamicEntry: true }])),
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

describe('check-size: a first screen names no text of the later catalog', () => {
  it('finds the later keys a chunk names (config.json\'s errors excepted: app/start.tsx loads their text first), not the first catalog\'s', () => {
    const keys = laterMessageKeys() as Set<string>;
    expect(keys.has('actions.edit')).toBe(true);
    expect(keys.has('config.invalid')).toBe(false);
    expect(laterTextIn(['visit.newPosts', 'actions.edit', 'post.reply', 'config.invalid', 'actions.edit'], keys)).toEqual(['actions.edit', 'visit.newPosts']);
  });

  it('reports the first-load chunk (the feed\'s, the sign-in form\'s) that names one, and npm run size fails on it', () => {
    const built = (dist = fakeDist(''));
    expect((measureInitialJs(dist) as Report).laterTextInFirstLoads).toEqual([]);
    const named = (perChunk: Record<string, string[]>) => writeFileSync(join(built, '.vite', 'message-keys.json'), JSON.stringify(perChunk));
    named({ 'assets/feed.js': ['actions.edit', 'feed.loading'] });
    expect((measureInitialJs(dist) as Report).laterTextInFirstLoads).toEqual([{ file: 'assets/feed.js', keys: ['actions.edit'] }]);
    // The signed-out home's sign-in form too: a chunk of its own, outside the feed's first load.
    named({ 'assets/feed.js': ['actions.edit', 'feed.loading'], 'assets/sign-in-panel.js': ['accounts.title'] });
    expect((measureInitialJs(dist) as Report).laterTextInFirstLoads).toEqual([
      { file: 'assets/feed.js', keys: ['actions.edit'] },
      { file: 'assets/sign-in-panel.js', keys: ['accounts.title'] },
    ]);
    floorDir = fakeFloor(`export const floor = ${JSON.stringify(noise(20_000))};`);
    const run = runSize(dist, floorDir);
    expect(run.status).toBe(1);
    expect(run.line).toMatch(/text of the later catalog, which a first screen would show as its key, in assets\/feed\.js \(actions\.edit\); assets\/sign-in-panel\.js \(accounts\.title\)$/);
  });
});

describe('check-size: the budget is a ratio to the floor page', () => {
  it('states the ratio, rounded up, and the bytes to spare under the limit and to the goal', () => {
    expect(compareToFloor(125_000, 100_000, 1.3)).toEqual({ ratio: 1.25, limit: 1.3, goal: 1.25, spareBytes: 5_000, bytesToGoal: 0 });
    expect(compareToFloor(125_001, 100_000, 1.3)).toMatchObject({ ratio: 1.251, spareBytes: 4_999, bytesToGoal: 1 });
  });

  it('passes a build within the limit, fails one over it, and prints both figures either way', () => {
    floorDir = fakeFloor(`export const floor = ${JSON.stringify(noise(20_000))};`);
    const appCode = (bytes: number) => `export const app = ${JSON.stringify(noise(bytes))};`;
    dist = fakeDist('');
    writeFileSync(join(dist, 'assets', 'index.js'), appCode(Math.floor(20_000 * (RATIO_LIMIT - 0.1))));
    const within = runSize(dist, floorDir);
    expect(within.status, within.line).toBe(0);
    expect(within.line).toMatch(/^size: ok, feed initial JS \d+ B gzip, the floor's \d+ B: 1\.\d{3}× \(limit [\d.]+×: \d+ B to spare; goal 1\.25×: \d+ B to go\)$/);

    writeFileSync(join(dist, 'assets', 'index.js'), appCode(Math.floor(20_000 * (RATIO_LIMIT + 0.1))));
    const over = runSize(dist, floorDir);
    expect(over.status).toBe(1);
    expect(over.line).toMatch(/^size: FAIL feed initial JS \d+ B gzip, the floor's \d+ B: 1\.\d{3}× \(limit [\d.]+×: -\d+ B to spare/);
  });
});
