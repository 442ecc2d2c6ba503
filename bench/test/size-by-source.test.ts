import { describe, expect, it } from 'vitest';
import { groupOf, sharesOf, sourceOfEachChar, type SourceMapV3 } from '../src/size-by-source';

// Line 1 "aaa;bbbb": columns 0-3 from a.ts, 4-7 from node_modules/b; line 2 "ccc": columns 0-1
// from a.ts again (the source index moves back by one), column 2 from no source.
const CODE = 'aaa;bbbb\nccc';
const MAP: SourceMapV3 = { sources: ['../../src/a.ts', '../../node_modules/@scope/b/dist/index.js'], mappings: 'AAAA,ICAA;ADAA,E' };

describe('size by source', () => {
  it('gives each character of the code the source its segment names', () => {
    // The newline between the lines belongs to no segment.
    expect([...sourceOfEachChar(CODE, MAP)]).toEqual([0, 0, 0, 0, 1, 1, 1, 1, -1, 0, 0, -1]);
  });

  it('reads the map of a chunk whose first line maps nothing (the compile hint)', () => {
    expect([...sourceOfEachChar(`//# hint\n${CODE}`, { ...MAP, mappings: `;${MAP.mappings}` })].slice(9)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, -1, 0, 0, -1]);
  });

  it('groups node_modules by package, scoped or not, and the app by its path from src/', () => {
    expect(groupOf('../../node_modules/@scope/b/dist/index.js', 'package')).toBe('@scope/b');
    expect(groupOf('../../node_modules/@scope/b/dist/index.js', 'file')).toBe('@scope/b/dist/index.js');
    expect(groupOf('../../node_modules/.pnpm/x/node_modules/react-dom/cjs/react-dom.js', 'package')).toBe('react-dom');
    expect(groupOf('../../src/lib/a.ts', 'package')).toBe('src/lib/a.ts');
  });

  it('counts each group’s characters, and what gzip saves without them', () => {
    const filler = Array.from({ length: 200 }, (_, i) => `v${i * 7919}`).join(';');
    const code = `${filler}\nzz`;
    const map: SourceMapV3 = { sources: ['src/big.ts', 'src/small.ts'], mappings: 'AAAA;ACAA' };
    const shares = sharesOf(code, map, (source) => source);
    expect(shares.map((share) => [share.group, share.characters])).toEqual([
      ['src/big.ts', filler.length],
      ['src/small.ts', 2],
      ['(no source: written by the bundler)', 1],
    ]);
    expect(shares[0]!.gzipBytes).toBeGreaterThan(400);
    expect(shares[1]!.gzipBytes).toBeLessThan(10);
  });
});
