/**
 * `npm --prefix bench run -s size-by-source -- --dist /tmp/dist-sm [--by package|file] [--top N]`
 *
 * The feed's initial JS (scripts/check-size.mjs's set: what a signed-in first load of the feed
 * fetches, the figure `npm run size` judges) by the source file its bytes came from. Each source's
 * figure is what its chunk loses, gzip -9, with that source's code cut out: about what moving it out
 * of the first load would save (neighbours that compress together make the parts not add up to the
 * whole exactly). It reads a build made with source maps, in the app:
 *
 *   npx vite build --sourcemap --outDir /tmp/dist-sm
 *
 * (the maps change no code: the same bytes as `npm run build`, plus a comment naming the map).
 * `--by package` (default) groups the sources in node_modules by npm package and lists the app's own
 * files one by one; `--by file` lists every file. A script without a map (index.html's inline
 * loader) is listed whole. Prints JSON to stdout.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSize, measureInitialJs } from '../../scripts/check-size.mjs';
import { ROOT } from './builds';
import type { InitialJsChunk } from './size';

export interface SourceMapV3 {
  sources: string[];
  mappings: string;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One segment's fields: VLQ numbers, each relative to the one before (source-map spec v3). */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) throw new Error(`not a source map segment: ${segment}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return fields;
}

/**
 * For each character of `code`, the index in `map.sources` of the file it came from, or -1 where
 * the map names none (code the bundler wrote itself). A segment owns the characters from its column
 * to the next segment's on the same line, or to the line's end.
 */
export function sourceOfEachChar(code: string, map: SourceMapV3): Int32Array {
  const owner = new Int32Array(code.length).fill(-1);
  const lines = code.split('\n');
  const mapped = map.mappings.split(';');
  let offset = 0;
  let source = 0;
  for (let line = 0; line < lines.length; line += 1) {
    const text = lines[line]!;
    const starts: Array<[column: number, source: number]> = [];
    let column = 0;
    for (const segment of (mapped[line] ?? '').split(',')) {
      if (!segment) continue;
      const fields = decodeSegment(segment);
      column += fields[0]!;
      if (fields.length >= 4) {
        source += fields[1]!;
        starts.push([column, source]);
      } else starts.push([column, -1]);
    }
    for (let i = 0; i < starts.length; i += 1) {
      const [from, owned] = starts[i]!;
      const to = i + 1 < starts.length ? starts[i + 1]![0] : text.length;
      if (owned >= 0) owner.fill(owned, offset + Math.min(from, text.length), offset + Math.min(to, text.length));
    }
    offset += text.length + 1;
  }
  return owner;
}

/** The group a source belongs to: its npm package, or the app's file from `src/` on. */
export function groupOf(source: string, by: 'package' | 'file'): string {
  const at = source.lastIndexOf('node_modules/');
  if (at >= 0) {
    const parts = source.slice(at + 'node_modules/'.length).split('/');
    const name = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
    return by === 'package' ? name : `${name}/${parts.slice(parts[0]!.startsWith('@') ? 2 : 1).join('/')}`;
  }
  const src = source.lastIndexOf('src/');
  return src >= 0 ? source.slice(src) : source.replace(/^(\.\.\/)+/, '');
}

export interface SourceShare {
  group: string;
  /** Characters of the minified code (UTF-16 units: for minified JS nearly all one byte each). */
  characters: number;
  /** gzip -9 of the chunk, less gzip -9 of the chunk without this group's characters. */
  gzipBytes: number;
}

/** Each group's bytes in one chunk, largest gzip share first. */
export function sharesOf(code: string, map: SourceMapV3, group: (source: string) => string): SourceShare[] {
  const owner = sourceOfEachChar(code, map);
  const groups = new Map<string, number[]>();
  const names = map.sources.map(group);
  for (let i = 0; i < owner.length; i += 1) {
    const name = owner[i]! >= 0 ? names[owner[i]!]! : '(no source: written by the bundler)';
    let list = groups.get(name);
    if (!list) groups.set(name, (list = []));
    list.push(i);
  }
  const whole = gzipSize(Buffer.from(code));
  const shares: SourceShare[] = [];
  for (const [name, chars] of groups) {
    const cut = new Uint8Array(code.length);
    for (const i of chars) cut[i] = 1;
    let rest = '';
    let from = 0;
    for (let i = 0; i <= code.length; i += 1) {
      if (i < code.length && !cut[i]) continue;
      rest += code.slice(from, i);
      from = i + 1;
    }
    shares.push({ group: name, characters: chars.length, gzipBytes: whole - gzipSize(Buffer.from(rest)) });
  }
  return shares.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

async function main() {
  const { values } = parseArgs({
    options: { dist: { type: 'string' }, by: { type: 'string', default: 'package' }, top: { type: 'string', default: '40' } },
  });
  if (!values.dist || (values.by !== 'package' && values.by !== 'file')) {
    console.error('usage: npm --prefix bench run -s size-by-source -- --dist DIR [--by package|file] [--top N]');
    console.error('DIR: a build with source maps, e.g. `npx vite build --sourcemap --outDir /tmp/dist-sm` in the app');
    process.exit(2);
  }
  const by = values.by;
  const dist = path.resolve(ROOT, values.dist);
  const report = measureInitialJs(dist);
  const totals = new Map<string, SourceShare>();
  const add = (share: SourceShare) => {
    const total = totals.get(share.group) ?? { group: share.group, characters: 0, gzipBytes: 0 };
    total.characters += share.characters;
    total.gzipBytes += share.gzipBytes;
    totals.set(share.group, total);
  };
  for (const chunk of report.feedInitialJs.chunks as InitialJsChunk[]) {
    const file = path.join(dist, chunk.file);
    if (!existsSync(`${file}.map`)) {
      // index.html's inline loader (`index.html#inline-script-1`) has no file of its own: its bytes.
      const characters = existsSync(file) ? readFileSync(file, 'utf8').length : chunk.raw;
      add({ group: `${chunk.file} (no source map)`, characters, gzipBytes: chunk.gzip });
      continue;
    }
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMapV3;
    for (const share of sharesOf(readFileSync(file, 'utf8'), map, (source) => groupOf(source, by))) add(share);
  }
  const rows = [...totals.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
  const appGzip = rows.filter((row) => row.group.startsWith('src/')).reduce((n, row) => n + row.gzipBytes, 0);
  console.log(
    JSON.stringify(
      {
        dist,
        feedInitialJsGzipBytes: report.feedInitialJs.gzip,
        appSourcesGzipBytes: appGzip,
        by,
        sources: rows.slice(0, Number(values.top)),
        more: Math.max(0, rows.length - Number(values.top)),
      },
      null,
      2,
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
