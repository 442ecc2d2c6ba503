// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { scanPage, type FetchPost } from '../../../src/entities/post/feed-scan';
import { createLimiter } from '../../../src/lib/limiter';
import { nextTask } from '../../support/clock';
import { fakeIds, idsWithout, range, type FakeItem } from '../../support/fake-ids';

const SEED = idsWithout(75, range(31, 48));

function page(fetchPost: FetchPost<FakeItem>, from: number, size: number, floor?: number) {
  return scanPage({ from, size, floor, fetchPost, limiter: createLimiter() });
}

describe('scanPage', () => {
  it('collects a page newest first and points at the next id to scan', async () => {
    const { fetchPost } = fakeIds(SEED);
    const result = await page(fetchPost, 75, 20);
    expect(result.items.map((p) => p.id)).toEqual([...range(56, 75).reverse()]);
    expect(result.nextCursor).toBe(55);
  });

  it('skips a deleted run longer than the tolerance', async () => {
    const { fetchPost } = fakeIds(SEED);
    const result = await page(fetchPost, 55, 20);
    expect(result.items.map((p) => p.id)).toEqual([...range(49, 55).reverse(), ...range(18, 30).reverse()]);
    expect(result.nextCursor).toBe(17);
  });

  it('ends with a null cursor when it passes id 1', async () => {
    const { fetchPost } = fakeIds(SEED);
    const result = await page(fetchPost, 12, 20);
    expect(result.items.map((p) => p.id)).toEqual(range(1, 12).reverse());
    expect(result.nextCursor).toBeNull();
  });

  it('ends with a null cursor when the page fills exactly at id 1', async () => {
    const { fetchPost } = fakeIds(range(1, 5));
    expect((await page(fetchPost, 5, 5)).nextCursor).toBeNull();
  });

  it('gives an empty last page for an empty range', async () => {
    const { fetchPost, stats } = fakeIds([]);
    expect(await page(fetchPost, 0, 20)).toEqual({ items: [], nextCursor: null });
    expect(stats.requests).toBe(0);
    expect(await page(fetchPost, 10, 20)).toEqual({ items: [], nextCursor: null });
  });

  it('stops above the floor', async () => {
    const { fetchPost, stats } = fakeIds(SEED);
    const result = await page(fetchPost, 75, 20, 70);
    expect(result.items.map((p) => p.id)).toEqual([75, 74, 73, 72, 71]);
    expect(result.nextCursor).toBeNull();
    expect(Math.min(...stats.requested)).toBe(71);
  });

  it('keeps six requests in flight, never one after another', async () => {
    const fake = fakeIds(SEED, { waves: true });
    const result = page(fake.fetchPost, 75, 20);
    const waves = await fake.wavesUntil(result);
    expect(fake.stats.maxInFlight).toBe(6);
    // 20 posts, six at a time, no holes: four round trips, not twenty.
    expect(waves).toBe(4);
  });

  it('crosses a long hole in parallel', async () => {
    const fake = fakeIds(SEED, { waves: true });
    const waves = await fake.wavesUntil(page(fake.fetchPost, 55, 20));
    // 38 ids to look at (55..18), six at a time.
    expect(waves).toBe(Math.ceil(38 / 6));
    expect(fake.stats.maxInFlight).toBeLessThanOrEqual(6);
  });

  it('fails when a request fails with anything but a missing post', async () => {
    const fetchPost = async (id: number) => {
      if (id === 70) throw new Error('server down');
      return { id };
    };
    await expect(page(fetchPost, 75, 20)).rejects.toThrow('server down');
  });

  it('partial: a read that fails for good ends the page with the posts above it, and the next page starts there', async () => {
    const fetchPost = async (id: number) => {
      // An answer that takes a moment: the ids below 70 are asked before 70 fails.
      await nextTask();
      if (id === 70) throw new Error('server down');
      return { id };
    };
    const result = await scanPage({ from: 75, size: 20, fetchPost, limiter: createLimiter(), partial: true });
    expect(result.items.map((p) => p.id)).toEqual([75, 74, 73, 72, 71]);
    expect(result.nextCursor).toBe(70);
    // With nothing read above the failure, the page fails.
    await expect(scanPage({ from: 70, size: 20, fetchPost, limiter: createLimiter(), partial: true })).rejects.toThrow('server down');
  });

  it('maxReads: past that many reads the page ends with the posts it has, and the next page starts at the first id not read', async () => {
    // Post 90 past 14 deleted ids, the seed below.
    const fake = fakeIds([...SEED, 90]);
    const result = await scanPage({ from: 90, size: 10, maxReads: 12, fetchPost: fake.fetchPost, limiter: createLimiter() });
    expect(result.items.map((p) => p.id)).toEqual([90]);
    expect(result.nextCursor).toBe(78);
    expect(fake.stats.requests).toBe(12);
    // A page that fills within the reads is not cut short.
    expect((await scanPage({ from: 75, size: 10, maxReads: 12, fetchPost: fake.fetchPost, limiter: createLimiter() })).items).toHaveLength(10);
  });

  it('maxReads: without a post yet it reads on, a round at a time, until it has one', async () => {
    const fake = fakeIds(SEED);
    // 48 down to 31 are deleted: 18 reads find nothing, then the round that reaches 30 (12 + 6 + 6 reads).
    const result = await scanPage({ from: 48, size: 10, maxReads: 12, fetchPost: fake.fetchPost, limiter: createLimiter() });
    expect(result.items.map((p) => p.id)).toEqual(range(25, 30).reverse());
    expect(result.nextCursor).toBe(24);
    expect(fake.stats.requests).toBe(24);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const fake = fakeIds(SEED, { waves: true });
    const result = scanPage({ from: 75, size: 20, fetchPost: fake.fetchPost, limiter: createLimiter(), signal: controller.signal });
    await fake.settle();
    controller.abort(new Error('left the page'));
    await expect(result).rejects.toThrow('left the page');
  });
});
