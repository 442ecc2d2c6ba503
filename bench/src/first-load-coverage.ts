/**
 * `npm --prefix bench run -s first-load-coverage -- --dist /tmp/dist-sm [--latency MS] [--top N]`
 *
 * Of the feed's initial JS (scripts/check-size.mjs's set, the figure `npm run size` judges), what
 * runs before the first post is on screen: a signed-in first visit of the feed in Chromium, through
 * the bench's harness (the HTTP mock and the static host), with V8's block coverage (Playwright's
 * `page.coverage`) from navigation until the first post. Each source file of those chunks is listed
 * with its characters, those that ran, and those that did not, most not-run first. What did not run is
 * where code that could load after the first posts may be; not all of it can (error paths, event
 * handlers, a reload's restore paths must be there when they are needed). It reads a build made with
 * source maps, in the app:
 *
 *   npx vite build --sourcemap --outDir /tmp/dist-sm
 *
 * A development tool, not a test: which branches a first visit takes moves with its timing. Prints
 * JSON to stdout.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measureInitialJs } from '../../scripts/check-size.mjs';
import { ADA_TOKEN, launchBrowser, openPage, SELECTORS } from './browser';
import { ROOT } from './builds';
import type { InitialJsChunk } from './size';
import { groupOf, sourceOfEachChar, type SourceMapV3 } from './size-by-source';
import { startApp } from './servers';

/** V8's block coverage of one function: ranges outermost first, each inner one overriding its parent's count. */
export interface CoveredFunction {
  ranges: ReadonlyArray<{ startOffset: number; endOffset: number; count: number }>;
}

/**
 * Which characters of a script ran: 1 where the innermost range around a character counted at least
 * one run. Characters outside every function (the module's top level) count as run once the script
 * was covered at all: V8 reports the script itself as a function over its whole text.
 */
export function ranMask(length: number, functions: readonly CoveredFunction[]): Uint8Array {
  const counts = new Float64Array(length).fill(1);
  for (const fn of functions) {
    for (const range of fn.ranges) counts.fill(range.count, Math.max(0, range.startOffset), Math.min(length, range.endOffset));
  }
  return Uint8Array.from(counts, (count) => (count > 0 ? 1 : 0));
}

export interface SourceCoverage {
  group: string;
  characters: number;
  ran: number;
  notRun: number;
}

/** Characters, and those that ran, per source group of one chunk. */
export function coverageBySource(code: string, map: SourceMapV3, ran: Uint8Array, group: (source: string) => string): SourceCoverage[] {
  const owner = sourceOfEachChar(code, map);
  const names = map.sources.map(group);
  const rows = new Map<string, SourceCoverage>();
  for (let i = 0; i < code.length; i += 1) {
    const name = owner[i]! >= 0 ? names[owner[i]!]! : '(no source: written by the bundler)';
    let row = rows.get(name);
    if (!row) rows.set(name, (row = { group: name, characters: 0, ran: 0, notRun: 0 }));
    row.characters += 1;
    if (ran[i]) row.ran += 1;
    else row.notRun += 1;
  }
  return [...rows.values()];
}

async function main() {
  const { values } = parseArgs({
    options: { dist: { type: 'string' }, latency: { type: 'string', default: '50' }, top: { type: 'string', default: '40' } },
  });
  if (!values.dist) {
    console.error('usage: npm --prefix bench run -s first-load-coverage -- --dist DIR [--latency MS] [--top N]');
    console.error('DIR: a build with source maps, e.g. `npx vite build --sourcemap --outDir /tmp/dist-sm` in the app');
    process.exit(2);
  }
  const dist = path.resolve(ROOT, values.dist);
  const firstLoad = (measureInitialJs(dist).feedInitialJs.chunks as InitialJsChunk[])
    .map((chunk) => chunk.file)
    .filter((file) => existsSync(path.join(dist, `${file}.map`)));
  const app = await startApp({ dist, latencyMs: Number(values.latency) });
  const browser = await launchBrowser();
  const totals = new Map<string, SourceCoverage>();
  try {
    const bench = await openPage(browser, app, { token: ADA_TOKEN });
    await bench.page.coverage.startJSCoverage({ resetOnNavigation: false });
    await bench.page.goto(app.url);
    await bench.page.waitForSelector(SELECTORS.feedPost);
    const coverage = await bench.page.coverage.stopJSCoverage();
    await bench.close();
    for (const file of firstLoad) {
      const entry = coverage.find((script) => new URL(script.url).pathname.endsWith(`/${file}`));
      const code = readFileSync(path.join(dist, file), 'utf8');
      const map = JSON.parse(readFileSync(path.join(dist, `${file}.map`), 'utf8')) as SourceMapV3;
      // A first-load chunk that never loaded ran nothing.
      const ran = entry ? ranMask(code.length, entry.functions) : new Uint8Array(code.length);
      for (const row of coverageBySource(code, map, ran, (source) => groupOf(source, 'file'))) {
        const total = totals.get(row.group) ?? { group: row.group, characters: 0, ran: 0, notRun: 0 };
        total.characters += row.characters;
        total.ran += row.ran;
        total.notRun += row.notRun;
        totals.set(row.group, total);
      }
    }
  } finally {
    await browser.close();
    await app.close();
  }
  const rows = [...totals.values()].sort((a, b) => b.notRun - a.notRun);
  const sum = (list: SourceCoverage[], key: 'characters' | 'notRun') => list.reduce((n, row) => n + row[key], 0);
  const own = rows.filter((row) => row.group.startsWith('src/'));
  console.log(
    JSON.stringify(
      {
        dist,
        chunks: firstLoad,
        characters: sum(rows, 'characters'),
        notRun: sum(rows, 'notRun'),
        appCharacters: sum(own, 'characters'),
        appNotRun: sum(own, 'notRun'),
        sources: rows.slice(0, Number(values.top)),
        more: Math.max(0, rows.length - Number(values.top)),
      },
      null,
      2,
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
