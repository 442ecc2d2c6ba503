/**
 * The feed scan (docs/api-notes.md, "The missing timeline"). Draft 4 has no timeline endpoint,
 * so the feed is built from post ids: find the newest id, then walk downwards. Deleted posts leave
 * holes, and a hole looks exactly like the space past the newest post, so an id counts as the
 * newest only when the `tolerance` ids after it are all missing. Pure: the post fetcher and the
 * limiter are injected, nothing is cached here.
 */
import type { Limiter, LimiterPriority } from '../../lib/limiter';

/** Resolves null when the id is missing (deleted or never used); any other failure rejects. */
export type FetchPost<T> = (id: number, signal?: AbortSignal) => Promise<T | null>;

export interface ScanDeps<T> {
  fetchPost: FetchPost<T>;
  limiter: Limiter;
  signal?: AbortSignal;
  priority?: LimiterPriority;
}

export const HEAD_TOLERANCE = 16;
const ROUND = 6;
/**
 * With nothing known (a first visit), the first gallop round spreads its probes ×8 (1, 8, 64 …
 * 32,768), then ×2 as from a known head: the newest id could be anywhere, and ×2 spent the round
 * below 33. Simulated over 2,000 id layouts (heads from 30 to 300,000, log-uniform, 0–15 % of ids
 * deleted plus runs), rounds to the first page 6.4 on average against 7.1, 8.2 against 9.6 for heads
 * above 30,000; the seed's layout 4 either way (`npm --prefix bench run discovery-sim`;
 * docs/performance.md, 2026-11-29).
 */
const FIRST_GROWTH = 8;
/**
 * The ids of that first round: index.html's loader (src/app/boot-loader.ts) asks for them on a first
 * visit while the app's code downloads, and discoverHead's first round takes its answers.
 */
export const FIRST_VISIT_PROBES = Array.from({ length: ROUND }, (_, i) => FIRST_GROWTH ** i);
const MAX_ID = Number.MAX_SAFE_INTEGER;

export interface HeadOptions<T> extends ScanDeps<T> {
  /** Highest id known (remembered across visits), 0 when unknown. */
  from: number;
  tolerance?: number;
  /** Probes per gallop or narrowing round. */
  round?: number;
  /** Gallop rounds made even when a round finds nothing, so a long hole cannot end the gallop early. */
  minRounds?: number;
  /**
   * Called once, as soon as the narrowing has read the candidate (the highest existing id found,
   * with a known miss at most `tolerance` above it), before the `tolerance` ids above it are
   * checked: a first visit's feed shows it while the check runs. The final answer is often higher
   * (the ids between the candidate and that miss, and posts past a run of holes).
   */
  onCandidate?(id: number): void | Promise<void>;
  /**
   * `from` was the head a moment ago (the feed's checks for new posts): no gallop and no probe of
   * `from` itself, only the `tolerance` ids above it, and above each post found there in turn,
   * each id read once. Past `round` ids above `from` it gallops as usual: a long run of new posts
   * is not read one window at a time. Nor does it come down when the newest posts were deleted
   * (the next discovery does): the answer is never below `from`.
   */
  near?: boolean;
}

/**
 * The newest existing id, or 0 for an empty service. Gallops upwards from `from` (from+1, +2, +4, …
 * a round of parallel probes at a time) until a round has a hit with misses above it, narrows
 * between the highest hit and the next miss with k-ary search until that miss is within
 * `tolerance` ids above the hit (the candidate: it exists, and was read), then checks the
 * `tolerance` ids above the candidate; a hit there starts over from it. When nothing exists at or
 * above `from`, it gallops downwards for a floor and climbs from there.
 */
export async function discoverHead<T>(options: HeadOptions<T>): Promise<number> {
  const { fetchPost, limiter, signal, priority = 'low' } = options;
  let announce = options.onCandidate;
  const { tolerance = HEAD_TOLERANCE, round = ROUND, minRounds = 2 } = options;
  const start = Math.max(0, Math.floor(options.from));
  const seen = new Map<number, boolean>();
  const exists = (id: number) => seen.get(id) === true;
  /** A probe failed for good: the discovery fails, and its probes still queued are not sent. */
  let failed: { error: unknown } | null = null;

  async function probe(ids: number[]): Promise<void> {
    const fresh = [...new Set(ids)].filter((id) => id >= 1 && id <= MAX_ID && !seen.has(id));
    await Promise.all(
      fresh.map((id) =>
        limiter
          .run(() => {
            signal?.throwIfAborted();
            if (failed) throw failed.error;
            return fetchPost(id, signal);
          }, priority)
          .then(
            (found) => void seen.set(id, found !== null),
            (error: unknown) => {
              failed ??= { error };
              throw error;
            },
          ),
      ),
    );
    signal?.throwIfAborted();
  }

  /** The smallest id above `id` known to be missing. */
  const nextMiss = (id: number): number => {
    let best = MAX_ID + 1;
    for (const [other, found] of seen) if (!found && other > id && other < best) best = other;
    return best;
  };

  async function gallop(base: number): Promise<{ best: number; hi: number }> {
    let best = base;
    let offset = 1;
    const firstSpan = base === 0 ? FIRST_GROWTH ** (round - 1) : 0;
    for (let rounds = 1; ; rounds += 1) {
      const ids: number[] = [];
      for (; ids.length < round && base + offset <= MAX_ID; offset *= offset < firstSpan ? FIRST_GROWTH : 2) ids.push(base + offset);
      if (ids.length === 0) break;
      await probe(ids);
      const hits = ids.filter(exists);
      if (hits.length > 0) {
        best = Math.max(best, ...hits);
        // Two or more misses above the highest hit, the last twice as far as the one before: a
        // run of holes that long is past the tolerance, so the head is below them. (One miss
        // above may be a hole: the seed's 32 sits in a run of 18 with 64 past it.)
        if (ids.filter((id) => id > best).length >= 2) break;
      } else if (rounds >= minRounds) break;
    }
    return { best, hi: nextMiss(best) };
  }

  /**
   * Between an existing `lo` and a missing `hi`, until the first known miss is within `tolerance`
   * ids above `lo`: the check after it (highestInWindow) reads those ids anyway, so a round that
   * narrowed further would only delay the candidate, and with it a first visit's first posts
   * (reading-the-spec.md: they may show before that check). The seed's 73 and 82: the check reads
   * 74 to 89 and finds 75, which the feed offers as new.
   * Except for a new service of fewer than FIRST_GROWTH (8) posts: its first round read 1 and missed
   * 8, and one round more reads 2 to 7, so it opens on its newest post, not on its very first with
   * the rest offered as new. Only a first round that found nothing above 1 pays it (8 deleted and
   * no 64, too): over the 2,000 simulated layouts (`npm --prefix bench run discovery-sim`) the mean
   * round trips to the first page went from 4.61 to 4.62.
   */
  async function narrow(bounds: { best: number; hi: number }): Promise<{ best: number; hi: number }> {
    let { best: lo, hi } = bounds;
    // Down to neighbours at least: with no tolerance (0) the split of a gap of 1 would probe only `lo`.
    while (hi - lo > Math.max(1, tolerance) || (hi <= FIRST_GROWTH && hi - lo > 1)) {
      const gap = hi - lo;
      // Split into round + 1 parts. A gap of at most round + 1 is so probed whole: its parts are
      // each id in it, some twice, and `lo` itself, which probe() skips as read.
      const ids = Array.from({ length: round }, (_, i) => lo + Math.floor((gap * (i + 1)) / (round + 1)));
      await probe(ids);
      for (const id of ids) if (exists(id)) lo = Math.max(lo, id);
      hi = Math.min(hi, nextMiss(lo));
    }
    return { best: lo, hi };
  }

  async function highestInWindow(c: number): Promise<number> {
    const ids = Array.from({ length: tolerance }, (_, i) => c + 1 + i);
    await probe(ids);
    return Math.max(c, ...ids.filter(exists));
  }

  async function climb(start: number): Promise<number> {
    let { best: candidate, hi } = options.near ? { best: start, hi: start + round } : await narrow(await gallop(start));
    const announced = announce?.(candidate);
    announce = undefined;
    await announced;
    for (;;) {
      const higher = await highestInWindow(candidate);
      if (higher === candidate) return candidate;
      // Below the known miss the next window covers the rest of the gap; past it, that miss was
      // only a hole, and galloping again beats climbing one window at a time.
      if (higher < hi) candidate = higher;
      else ({ best: candidate, hi } = await narrow(await gallop(higher)));
    }
  }

  async function floorBelow(top: number): Promise<number> {
    let offset = 0;
    for (;;) {
      const ids: number[] = [];
      for (; ids.length < round && top - offset >= 1; offset = offset === 0 ? 1 : offset * 2) ids.push(top - offset);
      if (ids.length === 0) return 0;
      await probe(ids);
      const hits = ids.filter(exists);
      if (hits.length > 0) return Math.max(...hits);
    }
  }

  if (options.near) return climb(start);
  // Whether `from` itself still exists is asked alongside the climb, not after it.
  const [head] = await Promise.all([climb(start), probe([start])]);
  if (head > start || start === 0 || exists(start)) return head;
  // Nothing at or above `from`: the newest posts were deleted, or the service was reset.
  return climb(await floorBelow(start));
}

export interface PageOptions<T> extends ScanDeps<T> {
  /** First id to look at (inclusive). */
  from: number;
  /** Posts to collect. */
  size: number;
  /** Stop above this id (exclusive), 0 to go down to id 1. */
  floor?: number;
  /** Requests in flight for this page; the shared limiter bounds the total. */
  concurrency?: number;
  /**
   * A read that fails for good ends the page with the posts read above it (nextCursor: the first id
   * not read), if there are any: only a page with nothing to show fails.
   */
  partial?: boolean;
  /**
   * Reads after which the page ends with the posts it has, if it has any (nextCursor: the first id
   * not read): a feed's first page, so that a run of deleted posts just below the head delays the
   * page after it, not the first posts. Without a post yet it reads on.
   */
  maxReads?: number;
}

export interface ScannedPage<T> {
  items: T[];
  /** The next id to scan, or null when the scan reached the floor. */
  nextCursor: number | null;
}

/**
 * Up to `size` posts at or below `from`, newest first, holes skipped. Keeps up to `concurrency`
 * requests in flight (a sliding window, never one after another), but never more than the page
 * still lacks: a hole costs a further request, a post past the page is never asked for.
 * Results are consumed in id order.
 */
export function scanPage<T>(options: PageOptions<T>): Promise<ScannedPage<T>> {
  const { from, size, floor = 0, fetchPost, limiter, signal, priority = 'high', concurrency = ROUND, partial, maxReads = Infinity } = options;
  return new Promise((resolve, reject) => {
    const results = new Map<number, T | null>();
    const items: T[] = [];
    const top = Math.floor(from);
    let next = top;
    let cursor = next;
    /** Read as many as it may, each answer consumed, and a post among them: the page ends here. */
    const enough = () => top - next >= maxReads && cursor === next && items.length > 0;
    let inFlight = 0;
    let settled = false;

    const onAbort = () => fail(signal?.reason);
    function fail(error: unknown) {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    }
    function consume(cut?: boolean): boolean {
      while (items.length < size && results.has(cursor)) {
        const item = results.get(cursor);
        results.delete(cursor);
        if (item !== null && item !== undefined) items.push(item);
        cursor -= 1;
      }
      if (items.length < size && cursor > floor && !cut && !enough()) return false;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      resolve({ items, nextCursor: cursor > floor ? cursor : null });
      return true;
    }
    function launch() {
      // Past maxReads without a post yet: a round more, once every read so far is answered.
      const roundPastCap = top - next >= maxReads && items.length === 0 && inFlight === 0 && results.size === 0;
      // Answers not yet consumed may each still be a post of this page.
      while (
        !settled &&
        inFlight < concurrency &&
        next > floor &&
        items.length + inFlight + results.size < size &&
        (top - next < maxReads || roundPastCap)
      ) {
        const id = next;
        next -= 1;
        inFlight += 1;
        limiter
          .run(() => {
            signal?.throwIfAborted();
            return fetchPost(id, signal);
          }, priority)
          .then(
            (item) => {
              inFlight -= 1;
              if (settled) return;
              results.set(id, item);
              if (!consume()) launch();
            },
            (error: unknown) => {
              inFlight -= 1;
              if (!settled && partial && items.length && !signal?.aborted) consume(true);
              else fail(error);
            },
          );
      }
    }

    if (signal?.aborted) return fail(signal.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    if (!consume()) launch();
  });
}
