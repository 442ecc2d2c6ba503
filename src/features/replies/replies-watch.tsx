/**
 * Replies to you, found without requests of their own (issue 29): every post that lands in the
 * query cache, wherever it came from (the feed's checks for new posts, a thread, a profile, a post
 * created here), is looked at once. One by the account in use is remembered as yours; one whose
 * parent is yours, by someone else, is a reply to you. The feed's check for new posts runs every
 * minute while the feed is on screen and the tab visible (feed-new-posts.tsx), so a reply shows in
 * the count within about a minute. What arrived while the app was closed or long hidden: the
 * catch-up reads the `replies` of your newest posts once, at most CATCH_UP_REQUESTS requests, low
 * priority, when idle after the first content, never while hidden.
 *
 * A server that sends no `parent_id` with a post (Draft 4's get-post has none): a reply is then
 * known from your post's `replies` list, when your post is read again (its thread, the catch-up).
 *
 * Loaded after the first content (replies-nav-link.tsx) with the later catalog.
 */
import { useQuery, useQueryClient, type QueryClient, type QueryCacheNotifyEvent } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { feedQueries, NEW_POSTS_CHECK_MS } from '../../entities/post/feed-queries';
import { isApiError } from '../../lib/api/api-error';
import { isMutedPost, readMutes } from '../../entities/mute/mute-store';
import type { Post } from '../../lib/api/schemas';
import { whenIdle } from '../../lib/idle';
import { STALE } from '../../lib/query-client';
import { isMine } from '../../entities/account/own-uuid';
import { accountIdOf } from '../../entities/account/token-store';
import { isPostDetailEvent, postQueries } from '../../entities/post/queries';
import { scanLimiter } from '../../entities/post/scan-fetcher';
import { useLocale, useT } from '../../i18n/use-t';
import { repliesBadge } from './replies-badge';
import { repliesStore, unseenCount, useRepliesState, withOwn, withoutPosts, withReplies } from '../../entities/replies/replies-store';
import { headFoundSince, highestKnownId, isHeadFound } from './highest-known-id';

/** Requests one catch-up makes at most. */
export const CATCH_UP_REQUESTS = 10;
/** Hidden at least this long, the tab catches up again when it is shown. */
export const CATCH_UP_AFTER_HIDDEN_MS = 10 * 60_000;
/** Own posts read again per round of a catch-up. */
const OWN_PER_ROUND = 5;

/** A post by the account in use (entities/account: its uuid once known, else its exact username). */
export const isOwnPost = (post: Post): boolean => isMine(post.author);

/**
 * Whether a post that answers one of yours counts as a reply to you. The one place that decides:
 * your own replies (to yourself) do not, nor one from an account (or with a word) you muted.
 */
export function isCountedReply(post: Post): boolean {
  return !isOwnPost(post) && !isMutedPost(post, readMutes(accountIdOf()));
}

const cachedPost = (client: QueryClient, id: string) => client.getQueryData<Post>(postQueries.detail(id).queryKey);

/**
 * Looks at posts that landed in the cache: yours are remembered, replies to yours recorded, for the
 * account `account` (its local id; the one in use by default), and only while it is the one in use.
 */
export function noticePosts(client: QueryClient, posts: readonly Post[], account = accountIdOf()): void {
  const now = repliesStore.of(account);
  if (!now || posts.length === 0 || account !== accountIdOf()) return;
  const own = new Set(now.state.own);
  const newOwn: string[] = [];
  for (const post of posts) {
    if (isOwnPost(post) && !own.has(post.id)) {
      own.add(post.id);
      newOwn.push(post.id);
    }
  }
  const known = new Set(now.state.replies.map((reply) => reply.id));
  const found: Array<{ id: string; parent: string }> = [];
  const add = (id: string, parent: string) => {
    if (known.has(id)) return;
    known.add(id);
    found.push({ id, parent });
  };
  let unlinked = false;
  // Which of your posts lists a reply: built once, when a post without parent_id asks.
  let listedBy: Map<string, string> | null = null;
  const listingPost = (id: string): string | undefined => {
    if (!listedBy) {
      listedBy = new Map();
      for (const ownId of own) for (const reply of cachedPost(client, ownId)?.replies ?? []) listedBy.set(reply, ownId);
    }
    return listedBy.get(id);
  };
  for (const post of posts) {
    if (own.has(post.id)) {
      // Your post, read again: the replies it lists (the only link a server without parent_id gives).
      for (const id of post.replies) {
        const reply = cachedPost(client, id);
        if (reply && isCountedReply(reply)) add(id, post.id);
      }
    } else if (post.parentId) {
      if (own.has(post.parentId) && isCountedReply(post)) add(post.id, post.parentId);
    } else if (own.size > 0 && isCountedReply(post)) {
      // No parent_id from this server: is it listed by one of your posts in the cache?
      const parent = listingPost(post.id);
      if (parent) add(post.id, parent);
      else if (!now.state.baseline && Number(post.id) > now.state.since) unlinked = true;
    }
  }
  // A new post by someone else that says nothing of its parent (a server that sends no parent_id, as
  // Draft 4's get-post does not): your newest posts' `replies` lists tell whether it answers one of
  // them. Only when such a post came (never while idle), a few reads, at most once a minute.
  if (unlinked) recheckOwnNewest(client, [...own]);
  if (newOwn.length === 0 && found.length === 0) return;
  repliesStore.update(now.account, (state) => withReplies(withOwn(state, newOwn), found));
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
  if (isHidden() || Date.now() - lastRecheck < RECHECK_EVERY_MS) return;
  lastRecheck = Date.now();
  const newest = [...own].sort((a, b) => Number(b) - Number(a)).slice(0, RECHECK_OWN_POSTS);
  for (const id of newest) {
    // What lands is looked at by watchPosts: your post with the replies it lists now.
    void scanLimiter.run(() => client.fetchQuery({ ...postQueries.detail(id), staleTime: 0, retry: false }), 'low').catch(() => undefined);
  }
}

/** Every post in the cache. */
function cachedPosts(client: QueryClient): Post[] {
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

const isMissing = (error: unknown) => isApiError(error) && error.kind === 'not_found';
const isHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * Reads your newest posts again (their `replies`), and the replies among them that may be new and
 * that nothing has asked for, at most `budget` requests in all, in the scan's low-priority lane; none while the tab is
 * hidden (it stops there). A post of yours read in the last minute costs no request. Returns how
 * many requests it made, and whether it went through to the end (not stopped by hiding).
 */
export async function catchUp(
  client: QueryClient,
  { budget = CATCH_UP_REQUESTS, signal, account = accountIdOf() }: { budget?: number; signal?: AbortSignal; account?: string | null } = {},
) {
  let used = 0;
  const stopped = () => isHidden() || signal?.aborted === true;
  const tried = new Set<string>();
  const gone: string[] = [];
  const read = async (id: string) => {
    tried.add(id);
    const state = client.getQueryState(postQueries.detail(id).queryKey);
    if (state?.status === 'success' && Date.now() - state.dataUpdatedAt < STALE.post) return;
    if (used >= budget || stopped()) return;
    used += 1;
    try {
      await scanLimiter.run(() => client.fetchQuery({ ...postQueries.detail(id), staleTime: 0, retry: false }), 'low');
    } catch (error) {
      if (isMissing(error)) gone.push(id);
    }
  };
  // What landed a moment ago and waits in watchPosts' batch: looked at now, so your posts are known.
  noticePosts(client, cachedPosts(client), account);
  const queue = [...(repliesStore.of(account)?.state.own ?? [])];
  const readOwn: string[] = [];
  while (used < budget && !stopped()) {
    const state = repliesStore.of(account)?.state;
    const known = new Set(state?.replies.map((reply) => reply.id));
    // Replies your posts list that nothing has asked for: who wrote them decides whether they
    // count. Only those that may be new: one that existed at the baseline (or while it is being
    // taken) would count as seen anyway, and is listed once something else reads it.
    const mayBeNew = (id: string) => state !== undefined && !state.baseline && Number(id) > state.since;
    const unread = readOwn
      .flatMap((id) => cachedPost(client, id)?.replies ?? [])
      .filter((id) => mayBeNew(id) && !tried.has(id) && !known.has(id) && client.getQueryState(postQueries.detail(id).queryKey) === undefined)
      .sort((a, b) => Number(b) - Number(a));
    if (unread.length > 0) {
      await Promise.all(unread.slice(0, budget - used).map(read));
      // Your posts again, their replies now read: recorded before the catch-up ends (the baseline).
      noticePosts(client, readOwn.map((id) => cachedPost(client, id)).filter((post): post is Post => post !== undefined), account);
      continue;
    }
    const batch = queue.splice(0, OWN_PER_ROUND);
    if (batch.length === 0) break;
    await Promise.all(batch.map(read));
    readOwn.push(...batch);
    // Fresh copies that cost nothing were not announced by the cache: looked at here.
    noticePosts(client, batch.map((id) => cachedPost(client, id)).filter((post): post is Post => post !== undefined), account);
  }
  if (gone.length > 0) repliesStore.update(account, (state) => withoutPosts(state, gone));
  return { requests: used, complete: !stopped() };
}

/** After a complete first catch-up: what exists now is the baseline, and from now on replies count. */
function finishBaseline(client: QueryClient, account: string): void {
  repliesStore.update(account, (state) =>
    state.baseline ? { ...state, baseline: false, since: Math.max(state.since, highestKnownId(client)) } : state,
  );
}

/** The head found this long before the watch began still says what exists (a reload's restored head). */
const HEAD_RECENT_MS = 10 * 60_000;

/**
 * The feed's check for new posts, on every other page: a reply is counted within about a minute
 * wherever the reader is (a thread, Settings, the Replies page), not only on the feed. Only once the
 * head is known (the feed has been shown): never a first discovery from here. On the feed its own
 * check runs instead: each observer with an interval checks on its own timer, so two would check
 * twice a minute. Its answers let the status ping stand aside, as on the feed: away from the feed a
 * minute costs about what the ping did (1–2 reads instead of 1 ping). None while the tab is hidden.
 * `staleTime: Infinity`: leaving the feed starts no check of its own; the minute's timer does.
 */
function useHeadCheckAwayFromFeed(): void {
  const onFeed = useLocation().pathname === '/';
  useQuery({
    ...feedQueries.head(),
    enabled: (query) => !onFeed && query.state.data !== undefined,
    staleTime: Infinity,
    refetchInterval: NEW_POSTS_CHECK_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
  });
}

/**
 * Keeps the count for `account` (the account in use's local id): watches the cache, catches up on
 * start and after a long time hidden, checks for new posts away from the feed, and gives the header
 * its label and badge. Renders nothing.
 */
export function RepliesWatch({ account }: { account: string }) {
  const client = useQueryClient();
  const t = useT();
  const locale = useLocale();
  useHeadCheckAwayFromFeed();

  useEffect(() => {
    repliesStore.start(account, () => highestKnownId(client));
    return watchPosts(client, account);
  }, [client, account]);

  // Once per account and page load (when the tab is first visible), and after a long time hidden.
  // The first time for an account, the baseline is taken once the feed has found the newest post:
  // until then (a first visit that opened a thread) everything found counts as seen.
  useEffect(() => {
    const controller = new AbortController();
    const began = Date.now() - HEAD_RECENT_MS;
    let due = true;
    let waitingForHead = false;
    let hiddenAt: number | null = null;
    let cancelIdle = () => {};
    const run = () => {
      due = false;
      cancelIdle();
      cancelIdle = whenIdle(() => {
        cancelIdle = () => {};
        void catchUp(client, { signal: controller.signal, account }).then(({ complete }) => {
          if (controller.signal.aborted) return;
          if (!complete) due = true;
          else if (repliesStore.of(account)?.state.baseline) {
            if (headFoundSince(client, began)) finishBaseline(client, account);
            else waitingForHead = true;
          }
        });
      });
    };
    const stopWaiting = client.getQueryCache().subscribe((event) => {
      if (waitingForHead && isHeadFound(event)) {
        waitingForHead = false;
        if (isHidden()) due = true;
        else run();
      }
    });
    const onVisibility = () => {
      if (isHidden()) {
        hiddenAt ??= Date.now();
        return;
      }
      const away = hiddenAt === null ? 0 : Date.now() - hiddenAt;
      hiddenAt = null;
      if (due || away >= CATCH_UP_AFTER_HIDDEN_MS) run();
    };
    if (isHidden()) hiddenAt = Date.now();
    else run();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      controller.abort();
      cancelIdle();
      stopWaiting();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [client, account]);

  const state = useRepliesState();
  const count = state ? unseenCount(state) : 0;
  useEffect(() => {
    repliesBadge.set(count > 0 ? { label: t('replies.navUnseen', { count }), badge: new Intl.NumberFormat(locale).format(count) } : null);
  }, [count, t, locale]);
  useEffect(() => () => repliesBadge.set(null), []);
  return null;
}
