/**
 * A fake post store for the pure scan: `fetchPost` answers from a set of ids. With `waves`, every
 * request waits for the test to release the current round, so the test can count round trips.
 */
import type { FetchPost } from '../../src/entities/post/feed-scan';
import { nextTask } from './tasks';

export interface FakeItem {
  id: number;
}

export function fakeIds(existing: Iterable<number>, options: { waves?: boolean } = {}) {
  const ids = new Set(existing);
  let waiting: Array<() => void> = [];
  const stats = { requests: 0, inFlight: 0, maxInFlight: 0, waves: 0, requested: [] as number[] };

  const fetchPost: FetchPost<FakeItem> = (id) =>
    new Promise((resolve) => {
      stats.requests += 1;
      stats.inFlight += 1;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      stats.requested.push(id);
      const answer = () => {
        stats.inFlight -= 1;
        resolve(ids.has(id) ? { id } : null);
      };
      if (options.waves) waiting.push(answer);
      else queueMicrotask(answer);
    });

  /** Lets every queued microtask (and the work it starts) run. */
  const settle = nextTask;

  /** Answers every request now in flight: one round trip. */
  async function releaseWave() {
    const batch = waiting;
    waiting = [];
    stats.waves += 1;
    for (const answer of batch) answer();
    await settle();
  }

  /** Runs rounds until `promise` settles; returns the number of rounds it took. */
  async function wavesUntil(promise: Promise<unknown>): Promise<number> {
    let done = false;
    const start = stats.waves;
    void promise.finally(() => {
      done = true;
    });
    await settle();
    while (!done) {
      if (waiting.length === 0) throw new Error('The scan stalled with nothing in flight.');
      await releaseWave();
    }
    return stats.waves - start;
  }

  return { ids, fetchPost, stats, releaseWave, wavesUntil, settle };
}

/** 1..n without the ids in `holes`. */
export function idsWithout(n: number, holes: Iterable<number>): number[] {
  const skip = new Set(holes);
  return Array.from({ length: n }, (_, i) => i + 1).filter((id) => !skip.has(id));
}

export function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
