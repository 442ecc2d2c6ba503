/**
 * Which posts are replies to you: a pure function of the posts looked at, who you are, and what is
 * known already (no cache, no storage, no React). The watch (watch-posts.ts) and the catch-up
 * (catch-up.ts) feed it posts and record what it finds.
 */
import { isOwnAccount } from '../../entities/account/own-uuid';
import { isMutedPost, type Mutes } from '../../entities/mute/match';
import type { RepliesState } from '../../entities/replies/replies-store';
import type { Post } from '../../lib/api/schemas';

/** Whose replies are looked for. */
export interface Reader {
  /** The account: its uuid once known, else its exact username decides (entities/account's one rule). */
  me: { uuid?: string | null; username?: string } | null | undefined;
  /** Its mutes: a reply from an account, or with a word, it muted does not count. */
  mutes: Mutes;
}

/**
 * Whether a post that answers one of yours counts as a reply to you. The one place that decides:
 * your own replies (to yourself) do not, nor one from an account (or with a word) you muted.
 */
export function isCountedReply(post: Post, reader: Reader): boolean {
  return !isOwnAccount(reader.me, post.author) && !isMutedPost(post, reader.mutes);
}

export interface Classified {
  /** Your posts not known as yours before. */
  own: string[];
  /** Replies to your posts not recorded before, each with the post it answers. */
  replies: Array<{ id: string; parent: string }>;
  /**
   * A new post by someone else said nothing of its parent (a server that sends no parent_id, as
   * Draft 4's get-post does not), and none of your posts at hand lists it: your newest posts'
   * `replies` lists would tell whether it answers one of them.
   */
  unlinked: boolean;
}

/**
 * Looks at `posts`: one by you is yours; one whose parent is yours, by someone else, is a reply to
 * you. Your post read again tells its replies by the ids it lists (the only link a server without
 * parent_id gives), and a post without parent_id is a reply when one of your posts lists it.
 * `known` is what the account's state holds; `postOf` gives a post at hand (the cache), or undefined.
 */
export function classifyPosts(
  posts: readonly Post[],
  reader: Reader,
  known: Pick<RepliesState, 'own' | 'replies' | 'baseline' | 'since'>,
  postOf: (id: string) => Post | undefined,
): Classified {
  const own = new Set(known.own);
  const newOwn: string[] = [];
  for (const post of posts) {
    if (isOwnAccount(reader.me, post.author) && !own.has(post.id)) {
      own.add(post.id);
      newOwn.push(post.id);
    }
  }
  const recorded = new Set(known.replies.map((reply) => reply.id));
  const found: Array<{ id: string; parent: string }> = [];
  const add = (id: string, parent: string) => {
    if (recorded.has(id)) return;
    recorded.add(id);
    found.push({ id, parent });
  };
  let unlinked = false;
  // Which of your posts lists a reply: built once, when a post without parent_id asks.
  let listedBy: Map<string, string> | null = null;
  const listingPost = (id: string): string | undefined => {
    if (!listedBy) {
      listedBy = new Map();
      for (const ownId of own) for (const reply of postOf(ownId)?.replies ?? []) listedBy.set(reply, ownId);
    }
    return listedBy.get(id);
  };
  for (const post of posts) {
    if (own.has(post.id)) {
      // Your post, read again: the replies it lists.
      for (const id of post.replies) {
        const reply = postOf(id);
        if (reply && isCountedReply(reply, reader)) add(id, post.id);
      }
    } else if (post.parentId) {
      if (own.has(post.parentId) && isCountedReply(post, reader)) add(post.id, post.parentId);
    } else if (own.size > 0 && isCountedReply(post, reader)) {
      // No parent_id from this server: is it listed by one of your posts at hand?
      const parent = listingPost(post.id);
      if (parent) add(post.id, parent);
      else if (!known.baseline && Number(post.id) > known.since) unlinked = true;
    }
  }
  return { own: newOwn, replies: found, unlinked };
}
