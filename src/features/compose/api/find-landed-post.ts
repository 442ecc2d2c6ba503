import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api/api-error';
import type { CreatePostInput } from '../../../lib/api/post-writes';
import type { Post, UserSummary } from '../../../lib/api/schemas';
import { isOwnAccount } from '../../../entities/account/own-uuid';
import { highestSeenId } from '../../../entities/post/feed-cache';
import { postsAbove } from '../../../entities/post/posts-above';
import { postQueries } from '../../../entities/post/queries';

/** What was known before a create was sent, to tell afterwards whether it landed. */
export type CreateBaseline = { kind: 'post'; highestId: number } | { kind: 'reply'; parentId: string; replyIds: string[] };

export function captureBaseline(client: QueryClient, parentId: string | undefined): CreateBaseline {
  if (!parentId) return { kind: 'post', highestId: highestSeenId(client) };
  const parent = client.getQueryData(postQueries.detail(parentId).queryKey);
  return { kind: 'reply', parentId, replyIds: parent?.replies ?? [] };
}

/** `author`: the signed-in account (uuid empty until learned): by uuid once known, else by exact username. */
function isSame(post: Post, input: CreatePostInput, author: UserSummary): boolean {
  return post.content === input.content && (post.parentId ?? null) === (input.parentId ?? null) && isOwnAccount(author, post.author);
}

/**
 * After a create that may have reached the server (timeout, dropped connection, 502/503/504):
 * looks for a post by this person with exactly this text that appeared since the baseline.
 * Resolves the post, or null when it certainly did not land; rejects when it could not tell, or
 * with the signal's reason once `signal` aborts.
 */
export async function findLandedPost(
  client: QueryClient,
  input: CreatePostInput,
  author: UserSummary,
  baseline: CreateBaseline,
  signal?: AbortSignal,
): Promise<Post | null> {
  if (baseline.kind === 'post') {
    const posts = await postsAbove(client, baseline.highestId, signal);
    return posts.find((p) => isSame(p, input, author)) ?? null;
  }
  // fetchQuery takes no signal: a read under way finishes (into the cache), but none starts after an abort.
  signal?.throwIfAborted();
  const parent = await client.fetchQuery({ ...postQueries.detail(baseline.parentId), staleTime: 0 });
  signal?.throwIfAborted();
  const fresh = parent.replies.filter((id) => !baseline.replyIds.includes(id));
  const replies = await Promise.allSettled(fresh.map((id) => client.fetchQuery({ ...postQueries.detail(id), staleTime: 0 })));
  const found = replies.find((r) => r.status === 'fulfilled' && isSame(r.value, input, author));
  if (found?.status === 'fulfilled') return found.value;
  // A reply that could not be read (other than deleted) leaves the answer open.
  const unreadable = replies.some((r) => r.status === 'rejected' && !(isApiError(r.reason) && r.reason.kind === 'not_found'));
  if (unreadable) throw new Error('Some replies could not be checked.');
  return null;
}
