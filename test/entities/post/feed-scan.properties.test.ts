// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discoverHead, HEAD_TOLERANCE, scanPage, type ScannedPage } from '../../../src/entities/post/feed-scan';
import { createLimiter } from '../../../src/lib/limiter';
import { fakeIds, type FakeItem } from '../../support/fake-ids';

/** Existing ids as gaps of 1..tolerance from 0: every hole (including before id 1) is shorter than the tolerance. */
const existingIds = fc
  .array(fc.integer({ min: 1, max: HEAD_TOLERANCE }), { maxLength: 80 })
  .map((gaps) => {
    const ids: number[] = [];
    let id = 0;
    for (const gap of gaps) ids.push((id += gap));
    return ids;
  });

describe('the feed scan, for any ids with holes shorter than the tolerance', () => {
  it('finds the highest id as the head, from any known start', async () => {
    await fc.assert(
      fc.asyncProperty(existingIds, fc.nat({ max: 1_500 }), async (ids, start) => {
        const fake = fakeIds(ids);
        const head = await discoverHead({ from: start, fetchPost: fake.fetchPost, limiter: createLimiter() });
        expect(head).toBe(ids.at(-1) ?? 0);
        expect(fake.stats.maxInFlight).toBeLessThanOrEqual(6);
        expect(new Set(fake.stats.requested).size).toBe(fake.stats.requested.length);
      }),
      { numRuns: 200 },
    );
  });

  it('lists exactly the existing ids, descending, without duplicates, across pages', async () => {
    await fc.assert(
      fc.asyncProperty(existingIds, fc.integer({ min: 1, max: 25 }), fc.nat({ max: 40 }), async (ids, size, above) => {
        const fake = fakeIds(ids);
        const limiter = createLimiter();
        const listed: number[] = [];
        let cursor: number | null = (ids.at(-1) ?? 0) + above;
        let pages = 0;
        while (cursor !== null) {
          const page: ScannedPage<FakeItem> = await scanPage({ from: cursor, size, fetchPost: fake.fetchPost, limiter });
          expect(page.items.length).toBeLessThanOrEqual(size);
          if (page.nextCursor !== null) expect(page.items.length).toBe(size);
          listed.push(...page.items.map((item) => item.id));
          cursor = page.nextCursor;
          pages += 1;
          expect(pages).toBeLessThan(1_000);
        }
        expect(listed).toEqual([...ids].reverse());
        expect(fake.stats.maxInFlight).toBeLessThanOrEqual(6);
      }),
      { numRuns: 200 },
    );
  });
});
