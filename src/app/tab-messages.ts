/**
 * What app/tab-sync.ts takes from another tab's message: posts checked as if the API had sent them,
 * and the "new posts" a reader's find makes of what a follower already knows, so the follower shows
 * them without a request. Loaded with tab-sync, after the first content.
 */
import type { QueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { feedQueries, PAGE_SIZE } from '../entities/post/feed-queries';
import { newestFirst } from '../entities/post/feed-cache';
import { getPost } from '../lib/api/posts';
import type { Post } from '../lib/api/schemas';
import type { Transport } from '../lib/api/transport';
import type { NewerPosts } from '../features/posts/api/newer-posts';

/**
 * newerPostsQuery(top, head).queryKey, without importing its module: shared with this chunk, it would
 * become a chunk of its own, one more name in the first load's preload lists (tab-sync.test reads the
 * follower's answer through newerPostsQuery itself, so the two cannot drift apart unnoticed).
 */
export const newerPostsKey = (top: number, head: number) => [...feedQueries.all(), 'newer', top, head] as const;

const fieldsOf = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * A transport whose every answer is `body`: getPost reads it as the server's answer to a get-post,
 * with its schema (lib/api/schemas.ts), which the first load's code does not hand out otherwise.
 */
function answering(body: unknown): Transport {
  return {
    async request<S extends z.ZodMiniType>({ schema }: { schema: () => S }): Promise<z.output<S>> {
      const parsed = schema().safeParse(body);
      if (!parsed.success) throw parsed.error;
      return parsed.data;
    },
    baseUrl: '',
    getToken: () => null,
    lastAnswered: () => Number.NEGATIVE_INFINITY,
    noteAnsweredElsewhere: () => {},
  };
}

/**
 * A post from another tab's message, as the cache holds it, put back into the API's shape and read
 * as the API's answer (getPost, its schema): what would be refused from the server is refused here
 * (null), and what the server's answer would be cleaned of is cleaned (a parent that is not a post
 * id reads as none). Another tab runs this same code, but anything may post to a channel of the
 * page's origin: an extension's script, an older build of the app still open in a tab.
 */
export async function postFromMessage(value: unknown): Promise<Post | null> {
  const post = fieldsOf(value);
  if (!post || (typeof post.id !== 'string' && typeof post.id !== 'number')) return null;
  const edited = fieldsOf(post.edited);
  const author = post.author === null || post.author === undefined ? null : fieldsOf(post.author);
  if (post.author && !author) return null;
  const wire = {
    error: false,
    post: {
      id: post.id,
      parent_id: post.parentId,
      content: post.content,
      from: post.from,
      lock: post.lock,
      nsfw: post.nsfw,
      // EditInfo back to the API's one number: the time, or 1 for "edited" without one (toEditInfo).
      edited: edited?.edited === true ? (edited.at ?? 1) : null,
      date: post.date,
      replies: post.replies,
    },
    user: author && { uuid: author.uuid, username: author.username, displayname: author.displayName, pfp: author.pfp },
  };
  return getPost(answering(wire), String(post.id)).catch(() => null);
}

/** What the reader tab found above the head it knew: every post in (`covered`, `head`], newest first; the other ids there hold none. */
export interface Found {
  head: number;
  /** The lowest id the find does not cover (its scan's floor, or where it stopped at a page of posts). */
  covered: number;
  /** The posts, newest first (at most a page: then `covered` is where the scan stopped). */
  posts: Post[];
  /** The scan stopped at a page of posts: more may lie below `covered`. */
  more: boolean;
}

/**
 * The "new posts" above `top` (the top of this tab's feed) up to the find's head, from the find and
 * from what this tab knew up to its own head `known` (its newer posts query, or nothing to know when
 * the feed is at the head): what newerPostsQuery(top, found.head) would read, with no request. Null
 * when this tab knows nothing of some of the ids between (its head is below what the find covers):
 * the query then reads them itself.
 */
export function newerFromFound(client: QueryClient, top: number, known: number, found: Found): NewerPosts | null {
  const ids = found.posts.map((post) => post.id).filter((id) => Number(id) > top);
  if (top >= found.covered) return { head: found.head, ids, complete: true, nextCursor: null };
  // A page of posts above the top already: what the query's own scan would return.
  if (found.more) return { head: found.head, ids, complete: false, nextCursor: found.covered };
  if (known < found.covered) return null;
  const before: NewerPosts | undefined =
    known <= top ? { head: known, ids: [], complete: true, nextCursor: null } : client.getQueryData<NewerPosts>(newerPostsKey(top, known));
  if (!before) return null;
  const all = newestFirst([...ids, ...before.ids]);
  if (all.length <= PAGE_SIZE) return { head: found.head, ids: all, complete: before.complete, nextCursor: before.nextCursor };
  const page = all.slice(0, PAGE_SIZE);
  return { head: found.head, ids: page, complete: false, nextCursor: Number(page.at(-1)) - 1 };
}
