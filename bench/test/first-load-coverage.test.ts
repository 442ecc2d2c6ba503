import { describe, expect, it } from 'vitest';
import { coverageBySource, ranMask } from '../src/first-load-coverage';
import type { SourceMapV3 } from '../src/size-by-source';

describe('first-load coverage', () => {
  it('takes the innermost range around each character, and counts the top level as run', () => {
    // A script of 12 characters: the script itself ran (0–12); a function at 2–10 ran, a block in it
    // (4–7) did not; a second function at 10–12 never ran.
    const ran = ranMask(12, [
      { ranges: [{ startOffset: 0, endOffset: 12, count: 1 }] },
      { ranges: [{ startOffset: 2, endOffset: 10, count: 3 }, { startOffset: 4, endOffset: 7, count: 0 }] },
      { ranges: [{ startOffset: 10, endOffset: 12, count: 0 }] },
    ]);
    expect([...ran]).toEqual([1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0]);
  });

  it('keeps ranges that reach past the script inside it', () => {
    expect([...ranMask(3, [{ ranges: [{ startOffset: 1, endOffset: 99, count: 0 }] }])]).toEqual([1, 0, 0]);
  });

  it('sums what ran and what did not per source', () => {
    // "aaa;bbbb": 0–3 from a.ts, 4–7 from b.ts (mappings as in size-by-source.test.ts).
    const map: SourceMapV3 = { sources: ['src/a.ts', 'src/b.ts'], mappings: 'AAAA,ICAA' };
    const ran = Uint8Array.from([1, 1, 1, 1, 0, 0, 1, 1]);
    const rows = coverageBySource('aaa;bbbb', map, ran, (source) => source);
    expect(rows).toEqual([
      { group: 'src/a.ts', characters: 4, ran: 4, notRun: 0 },
      { group: 'src/b.ts', characters: 4, ran: 2, notRun: 2 },
    ]);
  });
});
