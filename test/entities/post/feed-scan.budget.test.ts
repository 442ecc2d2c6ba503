// @vitest-environment node
/**
 * Round trips, counted with a fake backend whose every answer takes one "wave". The page and the
 * head probe share one limiter, as in the app.
 */
import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_MAX_READS, FIRST_PAGE_SIZE, FIRST_VISIT_PAGE_SIZE, PAGE_SIZE } from '../../../src/entities/post/feed-queries';
import { discoverHead, scanPage } from '../../../src/entities/post/feed-scan';
import { createLimiter } from '../../../src/lib/limiter';
import { fakeIds, idsWithout, range } from '../../support/fake-ids';
import { discoverFromNothing, throughCache } from '../../support/first-visit';

const SEED = idsWithout(75, range(31, 48));

describe('the feed budget', () => {
  it('shows the first page of a return visit within 3 round trips while probing for newer posts', async () => {
    const fake = fakeIds([...SEED, 78, 79], { waves: true });
    const limiter = createLimiter();
    const known = 75;
    const first = scanPage({ from: known, size: FIRST_PAGE_SIZE, fetchPost: fake.fetchPost, limiter, priority: 'high' });
    const head = discoverHead({ from: known, fetchPost: fake.fetchPost, limiter, priority: 'low' });

    const wavesToFirstPage = await fake.wavesUntil(first);
    expect(wavesToFirstPage).toBeLessThanOrEqual(3);
    expect((await first).items.map((p) => p.id)).toEqual(range(66, 75).reverse());

    await fake.wavesUntil(head);
    expect(await head).toBe(79);
    expect(fake.stats.maxInFlight).toBeLessThanOrEqual(6);
  });

  it('still makes the budget when holes sit just below the known head', async () => {
    const fake = fakeIds(idsWithout(75, [74, 72, 70]), { waves: true });
    const limiter = createLimiter();
    const first = scanPage({ from: 75, size: FIRST_PAGE_SIZE, fetchPost: fake.fetchPost, limiter });
    void discoverHead({ from: 75, fetchPost: fake.fetchPost, limiter });
    expect(await fake.wavesUntil(first)).toBeLessThanOrEqual(3);
    expect(fake.stats.maxInFlight).toBeLessThanOrEqual(6);
  });

  it('still makes the budget when 14 deleted posts sit just below the known head: the first page shows what two rounds found', async () => {
    // The bench's "holes" layout: post 90 past deleted 76–89. Ten posts would take 24 reads, four rounds.
    const fake = fakeIds([...SEED, 90], { waves: true });
    const limiter = createLimiter();
    const first = scanPage({ from: 90, size: FIRST_PAGE_SIZE, maxReads: FIRST_PAGE_MAX_READS, fetchPost: fake.fetchPost, limiter, priority: 'high' });
    void discoverHead({ from: 90, fetchPost: fake.fetchPost, limiter, priority: 'low' });
    expect(await fake.wavesUntil(first)).toBeLessThanOrEqual(3);
    const { items, nextCursor } = await first;
    expect(items.map((p) => p.id)).toEqual([90]);
    // The next page reads on from there (the feed asks for it at once: its last post is in view).
    const second = scanPage({ from: nextCursor!, size: PAGE_SIZE, fetchPost: fake.fetchPost, limiter });
    await fake.wavesUntil(second);
    expect((await second).items[0]?.id).toBe(75);
    expect(fake.stats.maxInFlight).toBeLessThanOrEqual(6);
  });

  it('shows a first visit its first post after 3 round trips, the post the narrowing read, before the ids above are checked', async () => {
    const fake = fakeIds(SEED, { waves: true });
    const limiter = createLimiter();
    const fetchPost = throughCache(fake);
    const { head, pinned } = discoverFromNothing(fetchPost, limiter);
    // The loader's round (1, 8, 64 … 32,768), 128 to 448, then 73, 82 … 118: 73 exists and 82 is
    // within the tolerance above it. Narrowing on to 75 took a fourth round.
    expect(await fake.wavesUntil(pinned)).toBe(3);
    expect(await pinned).toBe(73);
    const probes = fake.stats.requests;
    const first = scanPage({ from: await pinned, size: FIRST_VISIT_PAGE_SIZE, fetchPost, limiter });
    expect(await fake.wavesUntil(first)).toBe(0);
    expect((await first).items.map((p) => p.id)).toEqual([73]);
    // 18 probes to pin 73, which read 73 itself: the page costs no request.
    expect(fake.stats.requested.slice(probes).filter((id) => id <= 73)).toEqual([]);
    expect(probes).toBeLessThanOrEqual(18);
    // The check above it finds 74 and 75: the feed offers them as new posts.
    await fake.wavesUntil(head);
    expect(await head).toBe(75);
    expect(fake.stats.maxInFlight).toBeLessThanOrEqual(6);
  });

  it("shows a first visit's first page with no round of its own, whatever the ids' layout", async () => {
    const layouts = {
      seed: SEED,
      'a run just below the head': idsWithout(126, range(31, 48)),
      'holes just above the head': [...idsWithout(75, range(31, 48)), 78, 90],
      thousands: [...SEED, ...range(78, 3000)],
      'every third id deleted': range(1, 599).filter((id) => id % 3 !== 0),
    };
    for (const [name, ids] of Object.entries(layouts)) {
      const fake = fakeIds(ids, { waves: true });
      const limiter = createLimiter();
      const fetchPost = throughCache(fake);
      const { head, pinned } = discoverFromNothing(fetchPost, limiter);
      await fake.wavesUntil(pinned);
      const first = scanPage({ from: await pinned, size: FIRST_VISIT_PAGE_SIZE, fetchPost, limiter });
      expect(await fake.wavesUntil(first), name).toBe(0);
      expect((await first).items.map((p) => p.id), name).toEqual([await pinned]);
      await fake.wavesUntil(head);
      expect(await head, name).toBe(Math.max(...ids));
      expect(await pinned, name).toBeLessThanOrEqual(await head);
    }
  });

  it('shows a first visit to a new service of five posts its newest first, after 2 round trips: the loader’s round, then 2 to 7', async () => {
    const fake = fakeIds(range(1, 5), { waves: true });
    const limiter = createLimiter();
    const fetchPost = throughCache(fake);
    const { head, pinned } = discoverFromNothing(fetchPost, limiter);
    expect(await fake.wavesUntil(pinned)).toBe(2);
    expect(await pinned).toBe(5);
    const first = scanPage({ from: await pinned, size: FIRST_VISIT_PAGE_SIZE, fetchPost, limiter });
    expect(await fake.wavesUntil(first)).toBe(0);
    expect((await first).items.map((p) => p.id)).toEqual([5]);
    // Nothing above it to offer as new.
    await fake.wavesUntil(head);
    expect(await head).toBe(5);
  });

  it('shows a first visit to a head in the thousands after 4 round trips, one fewer than a gallop ×2 from 1', async () => {
    // The bench's "thousands" layout: the seed, then every id up to 3000. ×8 (1 … 32,768) brackets
    // it in the first round (512 exists, 4096 does not) where ×2 took three (1 … 32, 64 … 2048, 4096 …).
    const fake = fakeIds([...SEED, ...range(78, 3000)], { waves: true });
    const pinned = new Promise<number>((resolve) => {
      void discoverHead({ from: 0, fetchPost: fake.fetchPost, limiter: createLimiter(), onCandidate: resolve });
    });
    expect(await fake.wavesUntil(pinned)).toBeLessThanOrEqual(4);
    expect(await pinned).toBeGreaterThan(3000 - 16);
  });

  it('measures a first visit to the seed: head discovery, then the first page', async () => {
    const fake = fakeIds(SEED, { waves: true });
    const limiter = createLimiter();
    const head = discoverHead({ from: 0, fetchPost: fake.fetchPost, limiter });
    const headWaves = await fake.wavesUntil(head);
    const headRequests = fake.stats.requests;
    const first = scanPage({ from: await head, size: FIRST_PAGE_SIZE, fetchPost: fake.fetchPost, limiter });
    const pageWaves = await fake.wavesUntil(first);
    expect(await head).toBe(75);
    // Recorded in the report; loose bounds so a regression shows.
    expect(headWaves + pageWaves).toBeLessThanOrEqual(14);
    expect(headRequests).toBeLessThanOrEqual(60);
    expect(fake.stats.maxInFlight).toBeLessThanOrEqual(6);
  });

  it('uses pages of twenty after the first', () => {
    expect(PAGE_SIZE).toBe(20);
    expect(FIRST_PAGE_SIZE).toBeLessThanOrEqual(2 * 6);
  });
});
