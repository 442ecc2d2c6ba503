/**
 * Replies to you, found without requests of their own (issue 29): every post that lands in the
 * query cache, wherever it came from (the minute's check for new posts, a thread, a profile, a post
 * created here), is looked at once (classify-replies.ts), and what it finds is recorded for the
 * account in use (entities/replies).
 */
import type { QueryCacheNotifyEvent, QueryClient } from '@tanstack/react-query';
import { accountIdOf, accountOf } from '../../entities/account/token-store';
import { readMutes } from '../../entities/mute/mute-store';
import { cachedPost, postQueries } from '../../entities/post/queries';
import { isPostDetailEvent } from '../../entities/post/post-events';
import { readerTab } from '../../entities/post/reader-tab';
import { scanLimiter } from '../../entities/post/scan-fetcher';
import { repliesStore, withOwn, withReplies } from '../../entities/replies/replies-store';
import type { Post } from '../../lib/api/schemas';
import { classifyPosts } from './classify-replies';

export const isHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * Looks at posts that landed in the cache: yours are remembered, replies to yours recorded, for the
 * account `account` (its local id; the one in use by default), and only while it is the one in use.
 */
export function noticePosts(client: QueryClient, posts: readonly Post[], account = accountIdOf()): void {
  const now = repliesStore.of(account);
  if (!now || posts.length === 0 || account !== accountIdOf()) return;
  const found = classifyPosts(posts, { me: accountOf(), mutes: readMutes(account) }, now.state, (id) => cachedPost(client, id));
  // A new post by someone else that says nothing of its parent: your newest posts' `replies` lists
  // tell whether it answers one of them. Only when such a post came (never while idle), a few
  // reads, at most once a minute, by the tab that reads for the account's tabs.
  if (found.unlinked) recheckOwnNewest(client, [...now.state.own, ...found.own]);
  if (found.own.length === 0 && found.replies.length === 0) return;
  repliesStore.update(now.account, (state) => withReplies(withOwn(state, found.own), found.replies));
}

/** Your posts read again when a new post by someone else came without parent_id; at most once in this long. */
export const RECHECK_OWN_POSTS = 3;
export const RECHECK_EVERY_MS = 60_000;
let lastRecheck = Number.NEGATIVE_INFINITY;

/** For tests: the next unlinked post may recheck at once. */
export function resetRecheck(): void {
  lastRecheck = Number.NEGATIVE_INFINITY;
}

function recheckOwnNewest(client: QueryClient, own: readonly string[]): void {
  // Another tab of the account reads for it (app/tab-sync.ts): it saw the same post (every post a tab
  // reads reaches the others), reads your posts again, and what it reads lands here too.
  if (!readerTab.get() || isHidden() || Date.now() - lastRecheck < RECHECK_EVERY_MS) return;
  lastRecheck = Date.now();
  const newest = [...own].sort((a, b) => Number(b) - Number(a)).slice(0, RECHECK_OWN_POSTS);
  for (const id of newest) {
    // What lands is looked at by watchPosts: your post with the replies it lists now.
    void scanLimiter.run(() => client.fetchQuery({ ...postQueries.detail(id), staleTime: 0, retry: false }), 'low').catch(() => undefined);
  }
}

/** Every post in the cache. */
export function cachedPosts(client: QueryClient): Post[] {
  return client
    .getQueriesData<Post>({ queryKey: postQueries.details() })
    .map(([, post]) => post)
    .filter((post): post is Post => post !== undefined);
}

/** Posts landing close together (a page of the feed, a thread's replies) are looked at together, once. */
export const LANDED_BATCH_MS = 200;

function landedPost(event: QueryCacheNotifyEvent): Post | undefined {
  if (!isPostDetailEvent(event)) return undefined;
  const landed =
    (event.type === 'updated' && event.action.type === 'success') || (event.type === 'added' && event.query.state.status === 'success');
  return landed ? (event.query.state.data as Post | undefined) : undefined;
}

/**
 * Looks at every post in the cache now, then at those that land, LANDED_BATCH_MS at a time (one
 * storage write and one render per batch, not per post). Returns the stop, which looks at what is
 * still waiting.
 */
export function watchPosts(client: QueryClient, account = accountIdOf()): () => void {
  noticePosts(client, cachedPosts(client), account);
  let pending: Post[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    noticePosts(client, batch, account);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    const post = landedPost(event);
    if (!post) return;
    pending.push(post);
    timer ??= setTimeout(flush, LANDED_BATCH_MS);
  });
  return () => {
    unsubscribe();
    flush();
  };
}
