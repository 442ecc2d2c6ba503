/**
 * What arrived while the app was closed or long hidden: the catch-up reads the `replies` of your
 * newest posts once, at most CATCH_UP_REQUESTS requests, low priority, when idle after the first
 * content, never while hidden; and again after the tab was hidden a long time. A server that sends
 * no `parent_id` with a post (Draft 4's get-post has none): a reply is then known from your post's
 * `replies` list, which this reads again.
 *
 * An account's first complete catch-up, once the feed has found the newest post, sets its baseline:
 * what exists then counts as seen, and from then on replies count.
 */
import { readerTab } from '../../entities/post/reader-tab';
import type { QueryClient } from '@tanstack/react-query';
import { accountIdOf } from '../../entities/account/token-store';
import { cachedPost, postQueries } from '../../entities/post/queries';
import { scanLimiter } from '../../entities/post/scan-fetcher';
import { repliesStore, withoutPosts } from '../../entities/replies/replies-store';
import { isApiError } from '../../lib/api/api-error';
import type { Post } from '../../lib/api/schemas';
import { whenIdle } from '../../lib/idle';
import { STALE } from '../../lib/query-client';
import { headFoundSince, highestKnownId, isHeadFound } from './highest-known-id';
import { cachedPosts, isHidden, noticePosts } from './watch-posts';

/** Requests one catch-up makes at most. */
export const CATCH_UP_REQUESTS = 10;
/** Hidden at least this long, the tab catches up again when it is shown. */
export const CATCH_UP_AFTER_HIDDEN_MS = 10 * 60_000;
/** Own posts read again per round of a catch-up. */
const OWN_PER_ROUND = 5;

const isMissing = (error: unknown) => isApiError(error) && error.kind === 'not_found';
const cachedOf = (client: QueryClient, ids: readonly string[]) =>
  ids.map((id) => cachedPost(client, id)).filter((post): post is Post => post !== undefined);

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
      noticePosts(client, cachedOf(client, readOwn), account);
      continue;
    }
    const batch = queue.splice(0, OWN_PER_ROUND);
    if (batch.length === 0) break;
    await Promise.all(batch.map(read));
    readOwn.push(...batch);
    // Fresh copies that cost nothing were not announced by the cache: looked at here.
    noticePosts(client, cachedOf(client, batch), account);
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

/** The head found this long before the catch-ups began still says what exists (a reload's restored head). */
const HEAD_RECENT_MS = 10 * 60_000;

/**
 * Catches up for `account` (its local id) once now (when the tab is first visible, when idle),
 * and again after a long time hidden. The first time for an account, the baseline is taken once
 * the feed has found the newest post: until then (a first visit that opened a thread) everything
 * found counts as seen. Returns the stop.
 */
export function keepCaughtUp(client: QueryClient, account: string): () => void {
  const controller = new AbortController();
  const began = Date.now() - HEAD_RECENT_MS;
  let due = true;
  let waitingForHead = false;
  let hiddenAt: number | null = null;
  let cancelIdle = () => {};
  const run = () => {
    // Another tab of the account reads for it (app/tab-sync.ts): this one catches up if it takes over.
    if (!readerTab.get()) {
      due = true;
      return;
    }
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
  const stopReader = readerTab.subscribe(() => {
    if (readerTab.get() && due && !isHidden()) run();
  });
  return () => {
    stopReader();
    controller.abort();
    cancelIdle();
    stopWaiting();
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
