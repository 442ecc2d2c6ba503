import type { QueryClient } from '@tanstack/react-query';
import type { Post } from '../../lib/api/schemas';
import { discoverHead, scanPage } from './feed-scan';
import { rememberSeenId } from './known-head';
import { cachedFetcher, scanLimiter } from './scan-fetcher';

/** How many of the newest posts postsAbove() reads at most. */
const LANDED_SCAN_LIMIT = 40;

/**
 * Every post above `floor` up to the current head, every miss asked again (a write that may have
 * landed is being looked for; a post already in the cache is one a scan found, and counts).
 * Used to check whether an unconfirmed create arrived.
 */
export async function postsAbove(client: QueryClient, floor: number, signal?: AbortSignal): Promise<Post[]> {
  // Each read retries itself (scan-fetcher.ts): without that, one failed read among the ~17 probes
  // fails the whole check, and under a flaky network the composer could never tell whether an
  // unconfirmed post arrived ("Check again" forever).
  const fetchPost = cachedFetcher(client, false);
  const head = await discoverHead({ from: floor, fetchPost, limiter: scanLimiter, signal, priority: 'high' });
  if (head <= floor) return [];
  rememberSeenId(head);
  // A post created a moment ago sits near the head: the newest few dozen are enough to look at.
  const page = await scanPage({ from: head, size: Math.min(head - floor, LANDED_SCAN_LIMIT), floor, fetchPost, limiter: scanLimiter, signal });
  return page.items;
}
