// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { discoverHead, FIRST_VISIT_PROBES, HEAD_TOLERANCE } from '../../../src/entities/post/feed-scan';
import { createLimiter } from '../../../src/lib/limiter';
import { fakeIds, idsWithout, range } from '../../support/fake-ids';
import { nextTask } from '../../support/tasks';

/** The seed's shape: 1..75 with 31..48 deleted (a run longer than the tolerance); 76, 77 deleted too. */
const SEED = idsWithout(75, range(31, 48));

/** A discovery from nothing known: what it announced (with the requests made by then), and what it found. */
async function announcing(existing: Iterable<number>) {
  const fake = fakeIds(existing);
  const announced: Array<{ id: number; requests: number }> = [];
  const found = await discoverHead({
    from: 0,
    fetchPost: fake.fetchPost,
    limiter: createLimiter(),
    onCandidate: (id) => void announced.push({ id, requests: fake.stats.requests }),
  });
  return { fake, announced, found };
}

async function head(existing: Iterable<number>, from: number) {
  const fake = fakeIds(existing);
  const limiter = createLimiter();
  const found = await discoverHead({ from, fetchPost: fake.fetchPost, limiter });
  return { found, stats: fake.stats };
}

describe('discoverHead', () => {
  it('from nothing known, asks first for the ids index.html’s loader sends on a first visit (FIRST_VISIT_PROBES)', async () => {
    const { stats } = await head(SEED, 0);
    expect(FIRST_VISIT_PROBES).toEqual([1, 8, 64, 512, 4096, 32768]);
    expect(stats.requested.slice(0, FIRST_VISIT_PROBES.length)).toEqual(FIRST_VISIT_PROBES);
  });

  it('finds 0 for an empty service, after checking the tolerance window', async () => {
    const { found, stats } = await head([], 0);
    expect(found).toBe(0);
    for (const id of range(1, HEAD_TOLERANCE)) expect(stats.requested).toContain(id);
    expect(stats.requests).toBeLessThan(30);
  });

  it('gallops past a deleted run longer than the tolerance when a later probe lands past it', async () => {
    // From 0 the probes go 1, 8, 64 (exists), 512…: 64 proves there is more past the deleted 31..48.
    const { found } = await head(SEED, 0);
    expect(found).toBe(75);
  });

  it('gallops past the run from just below it too', async () => {
    expect((await head(SEED, 30)).found).toBe(75);
    expect((await head(SEED, 29)).found).toBe(75);
  });

  it('stops below a long run when no probe lands past it (the tolerance rule)', async () => {
    // 1..20 exist, then nothing until 30,000: no gallop probe from 20 lands on 30,000..30,005.
    const { found } = await head([...range(1, 20), ...range(30_000, 30_005)], 0);
    expect(found).toBe(20);
  });

  it('with no tolerance, narrows down to neighbours and takes the hit below the first miss', async () => {
    const fake = fakeIds(range(1, 75));
    const found = await discoverHead({ from: 0, tolerance: 0, fetchPost: fake.fetchPost, limiter: createLimiter() });
    expect(found).toBe(75);
  });

  it('finds a head whose newest posts were deleted', async () => {
    expect((await head(idsWithout(60, [60, 59]), 0)).found).toBe(58);
    expect((await head(SEED, 75)).found).toBe(75);
  });

  it('comes down when the known head is above the real newest (everything above deleted)', async () => {
    expect((await head(SEED, 77)).found).toBe(75);
    expect((await head(SEED, 200)).found).toBe(75);
    expect((await head(SEED, 90_000)).found).toBe(75);
  });

  it('comes down to 0 when every post was deleted', async () => {
    expect((await head([], 120)).found).toBe(0);
  });

  it('climbs from a known head to newer posts', async () => {
    expect((await head([...SEED, 78, 80], 75)).found).toBe(80);
    expect((await head(idsWithout(500, range(200, 214)), 75)).found).toBe(500);
  });

  it('finds ids far above 1,000 from an unknown start in few requests', async () => {
    const holes = range(1, 50_000).filter((id) => id % 7 === 0 || id % 11 === 0);
    const { found, stats } = await head(idsWithout(50_000, holes), 0);
    expect(found).toBe(50_000);
    // Up to six of them the first page's reads, just below the head (the narrowing's spare slots).
    expect(stats.requests).toBeLessThan(100 + 6);
  });

  it('checks a return visit with nothing new cheaply', async () => {
    const { found, stats } = await head(SEED, 75);
    expect(found).toBe(75);
    // The known head, two gallop rounds and the rest of the tolerance window.
    expect(stats.requests).toBeLessThanOrEqual(1 + 2 * 6 + HEAD_TOLERANCE);
  });

  it('never asks for the same id twice nor for an id below 1', async () => {
    const { stats } = await head(SEED, 10);
    expect(new Set(stats.requested).size).toBe(stats.requested.length);
    expect(Math.min(...stats.requested)).toBeGreaterThanOrEqual(1);
  });

  it('announces the highest post read once, before the tolerance check, which then finds the later ones', async () => {
    // The narrowing's round 73, 82, 91 …: 73 exists, 82 does not, so the check's 16 ids (74 to 89)
    // cover the rest of the gap and no round narrows it further. They find 74 and 75, then 85 past
    // the deleted 76 to 84.
    const { fake, announced, found } = await announcing([...SEED, 85]);
    expect(announced.map((a) => a.id)).toEqual([73]);
    expect(found).toBe(85);
    // Announced from the gallop and the narrowing alone: the ids just above 73 came after.
    const before = fake.stats.requested.slice(0, announced[0]!.requests);
    expect(before).toContain(73);
    expect(before).toContain(82);
    for (const id of range(74, 81)) expect(before).not.toContain(id);
  });

  it('announces a post it has read, with a known miss at most the tolerance above it', async () => {
    const { fake, announced, found } = await announcing(range(1, 1_234));
    expect(announced).toHaveLength(1);
    const { id: candidate, requests } = announced[0]!;
    expect(candidate).toBeGreaterThan(1_234 - HEAD_TOLERANCE);
    expect(candidate).toBeLessThanOrEqual(1_234);
    const before = fake.stats.requested.slice(0, requests);
    expect(before).toContain(candidate);
    expect(before.some((id) => id > 1_234 && id - candidate <= HEAD_TOLERANCE)).toBe(true);
    expect(found).toBe(1_234);
  });

  it('a new service of fewer than eight posts: reads every id below 8 before announcing, and opens on its newest', async () => {
    for (const [existing, newest] of [
      [range(1, 5), 5],
      [range(1, 7), 7],
      [[1, 2, 3, 5], 5],
      [[1], 1],
    ] as const) {
      const { fake, announced, found } = await announcing(existing);
      expect(announced.map((a) => a.id), `posts ${existing.join(', ')}`).toEqual([newest]);
      expect(found).toBe(newest);
      // The first round (1, 8, 64 …), then one round of 2 to 7: no more before the announcement.
      expect(fake.stats.requested.slice(0, announced[0]!.requests).sort((a, b) => a - b)).toEqual([...range(1, 8), 64, 512, 4096, 32768]);
    }
  });

  it('a service with a post at 8 keeps the plain rule: no round more before the announcement', async () => {
    const { announced } = await announcing(range(1, 10));
    // 8 read, 64 missed, then the narrowing's round 16 … 56, all missed: 8 is within the tolerance of 16.
    expect(announced.map((a) => a.id)).toEqual([8]);
  });

  it('takes another tolerance', async () => {
    const fake = fakeIds([1, 2, 3, 10]);
    const found = await discoverHead({ from: 0, fetchPost: fake.fetchPost, limiter: createLimiter(), tolerance: 4 });
    expect(found).toBe(3);
  });

  it('fails when a probe fails with anything but a missing post', async () => {
    const limiter = createLimiter();
    const fetchPost = async (id: number) => {
      if (id === 8) throw new Error('server down');
      return { id };
    };
    await expect(discoverHead({ from: 0, fetchPost, limiter })).rejects.toThrow('server down');
  });

  it('sends none of its queued probes once one has failed', async () => {
    // One slot: the first round's six probes queue behind one another, and 1's failure ends it.
    const limiter = createLimiter(1);
    const asked: number[] = [];
    const fetchPost = async (id: number) => {
      asked.push(id);
      if (id === 1) throw new Error('server down');
      return { id };
    };
    await expect(discoverHead({ from: 0, fetchPost, limiter })).rejects.toThrow('server down');
    await nextTask();
    expect(asked).toEqual([1]);
    expect(limiter.active + limiter.queued).toBe(0);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const fetchPost = async (id: number) => {
      if (id === 8) controller.abort(new Error('left the page'));
      return { id };
    };
    await expect(
      discoverHead({ from: 0, fetchPost, limiter: createLimiter(), signal: controller.signal }),
    ).rejects.toThrow('left the page');
  });
});
