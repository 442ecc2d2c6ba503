import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { weighScriptsBefore } from '../src/scenarios/first-post';
import { scriptWeights, type ScriptWeights } from '../src/size';

/** Weights by file name, and 100 B of inline script. */
const weights = (bytes: Record<string, number>): ScriptWeights => ({
  inlineGzipBytes: 100,
  gzipBytesOf: (urlPath) => bytes[urlPath.split('/').pop()!] ?? null,
});

describe('the scripts fetched before the first post', () => {
  it('are those asked for before it was on screen, each counted once, with the inline scripts', () => {
    const scripts: Array<[string, number, number]> = [
      ['/assets/index-a.js', 5, 40],
      ['/assets/core-b.js', 6, 90],
      // A lazy chunk that raced the API's answers: asked for before the post, arrived after it.
      ['/assets/race.js', 150, 260],
      ['/assets/core-b.js', 170, 171],
      // Asked for once the post was on screen: not counted.
      ['/assets/later.js', 200, 230],
    ];
    const weighed = weighScriptsBefore(scripts, 200, weights({ 'index-a.js': 1_000, 'core-b.js': 20_000, 'race.js': 300, 'later.js': 5_000 }));
    expect(weighed).toEqual({ paths: ['/assets/index-a.js', '/assets/core-b.js', '/assets/race.js'], unknown: [], gzipBytes: 21_400 });
  });

  it('name a script the build does not have instead of counting it as nothing silently', () => {
    const weighed = weighScriptsBefore([['/assets/gone.js', 1, 2]], 10, weights({}));
    expect(weighed).toMatchObject({ unknown: ['/assets/gone.js'], gzipBytes: 100 });
  });
});

describe("a build's script weights", () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'bench-weights-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('are gzip -9 of the file under the build, whatever base path the site serves it under', () => {
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    const code = 'export const x = "' + 'abc'.repeat(500) + '";\n';
    writeFileSync(path.join(dist, 'assets', 'core-x.js'), code);
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><script type="application/json" id="boot-assets">{"modules":[],"fetches":[],"entry":"./assets/core-x.js"}</script><script id="boot-loader">console.log(1)</script>',
    );
    const w = scriptWeights(dist);
    expect(w.gzipBytesOf('/apps/social/assets/core-x.js')).toBe(gzipSync(code, { level: 9 }).length);
    expect(w.gzipBytesOf('/assets/core-x.js?v=1')).toBe(gzipSync(code, { level: 9 }).length);
    expect(w.gzipBytesOf('/assets/missing.js')).toBeNull();
    expect(w.inlineGzipBytes).toBe(gzipSync('console.log(1)', { level: 9 }).length);
  });
});
