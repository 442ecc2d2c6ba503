/**
 * A first visit's head discovery and first page, over a fake API that answers a round trip at a
 * time (fake-ids.ts): the feed-scan budget tests and the bench's simulation
 * (bench/src/discovery-sim.ts) count round trips with it.
 */
import { FIRST_VISIT_PAGE_SIZE } from '../../src/entities/post/feed-queries';
import { discoverHead, scanPage } from '../../src/entities/post/feed-scan';
import { createLimiter, type Limiter } from '../../src/lib/limiter';
import { fakeIds, type FakeItem } from './fake-ids';
import { nextTask } from './tasks';

type Fetch = (id: number) => Promise<FakeItem | null>;

/** The app reads through its post cache: a post (or a missing id) a probe found costs the page nothing. */
export function throughCache(fake: ReturnType<typeof fakeIds>): Fetch {
  const found = new Map<number, FakeItem | null>();
  return async (id) => {
    if (!found.has(id)) found.set(id, await fake.fetchPost(id));
    return found.get(id)!;
  };
}

/** A discovery from nothing known, and the head it pins before checking above it. */
export function discoverFromNothing(fetchPost: Fetch, limiter: Limiter): { head: Promise<number>; pinned: Promise<number> } {
  let head!: Promise<number>;
  const pinned = new Promise<number>((resolve) => {
    // As the feed does: a task's pause after the head is pinned, for the page's reads to go first.
    const onCandidate = (id: number) => {
      resolve(id);
      return nextTask();
    };
    head = discoverHead({ from: 0, fetchPost, limiter, onCandidate });
  });
  return { head, pinned };
}

export interface FirstVisit {
  /** The newest id the discovery settled on. */
  head: number;
  /** The id the first page started at (the head the narrowing pinned, before the check above it). */
  top: number;
  /** Round trips until the first page (FIRST_VISIT_PAGE_SIZE posts) had been read. */
  roundTrips: number;
}

/** A first visit to a server holding `ids`. */
export async function firstVisit(ids: Iterable<number>): Promise<FirstVisit> {
  const fake = fakeIds(ids, { waves: true });
  const fetchPost = throughCache(fake);
  const limiter = createLimiter();
  const { head, pinned } = discoverFromNothing(fetchPost, limiter);
  const page = pinned.then((from) => scanPage({ from, size: FIRST_VISIT_PAGE_SIZE, fetchPost, limiter }));
  const roundTrips = await fake.wavesUntil(page);
  await fake.wavesUntil(head);
  return { head: await head, top: await pinned, roundTrips };
}
