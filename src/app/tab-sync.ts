/**
 * Tabs of one account that agree without asking the server (issue 38). The tabs signed in to the same
 * account on the same API share a name, `social.tabs:<api>:<account id>`:
 *
 * - **One reader.** A Web Lock of that name elects the tab that makes the minute's check for new posts
 *   (lib/tab-leader.ts: the tab last looked at; the next in line when it closes). The others make no
 *   check of their own (entities/post/reader-tab.ts gates head-poll.ts).
 * - **What one learns, the others know.** Over a BroadcastChannel of that name: every post a tab reads
 *   or changes (edit, lock, sensitive flag) as its cache holds it, what the reader finds above the head
 *   it knew (`found`: the new head, and every post between with its body, read once by the reader, so
 *   a follower puts them behind its "new posts" with no request of its own: tab-messages.ts), a post
 *   created or deleted here, an account signed out here, and that the reader's check was answered (the
 *   others' status ping then stands aside, as the reader's own does). A post from a message is checked
 *   as the API's answer would be (tab-messages.ts) before it goes into the cache. Per-account data on
 *   this device (mutes, saved posts, drafts, where you left off, settings) already reaches the other
 *   tabs through storage events (entities/account/account-data.ts).
 * - **Which one reads** is on the page too: `data-tab-role="reader"` or `"follower"` on <html>.
 *
 * Loaded after the first content (layout.tsx); a browser without BroadcastChannel or Web Locks keeps
 * every tab on its own, as before.
 */
import type { QueryClient } from '@tanstack/react-query';
import { onFeedChange, addCreatedPostToFeed, removePostFromFeed } from '../entities/post/feed-cache';
import { feedQueries, PAGE_SIZE } from '../entities/post/feed-queries';
import { scanPage } from '../entities/post/feed-scan';
import { postQueries } from '../entities/post/queries';
import { isPostDetailEvent } from '../entities/post/post-events';
import { cachedFetcher, scanLimiter } from '../entities/post/scan-fetcher';
import { readerTab } from '../entities/post/reader-tab';
import { accountIdOf, tokenStore } from '../entities/account/token-store';
import { signOut } from '../features/auth/sign-out';
import { loadLaterMessages, t } from '../i18n/i18n';
import { isApiError } from '../lib/api/api-error';
import { api } from '../lib/api/client';
import type { Post } from '../lib/api/schemas';
import { leadTabs, type TabLeader } from '../lib/tab-leader';
import { newerFromFound, newerPostsKey, postFromMessage } from './tab-messages';

type Message =
  | { kind: 'post'; id: string; post: Post }
  /** The new head alone: the reader could not read the posts below it (a follower reads them itself). */
  | { kind: 'head'; head: number }
  /** The reader's check found `head`; `posts` are all the posts in (`covered`, `head`], newest first (`more`: a page of them, more below). */
  | { kind: 'found'; head: number; covered: number; posts: Post[]; more: boolean }
  /** The reader's check was answered (the API is up for this account): the others' status ping stands aside, as the reader's does. */
  | { kind: 'answered' }
  | { kind: 'created'; id: string; post: Post | null }
  | { kind: 'deleted'; id: string }
  | { kind: 'signedOut'; account: string };

/** Posts whose last known text (sent or received) is kept, to send only what changed: at most this many. */
const KNOWN_LIMIT = 500;

/** The attribute on <html> that says which of the account's tabs reads for them ('reader' or 'follower'; none when alone). */
const ROLE_ATTRIBUTE = 'data-tab-role';

const isPostId = (id: unknown): id is string => typeof id === 'string' && /^[1-9]\d{0,15}$/.test(id);

export interface TabSyncOptions {
  /** The election (lib/tab-leader.ts); tests give each "tab" its own. */
  lead?: (name: string) => TabLeader;
}

export function startTabSync(client: QueryClient, apiBaseUrl: string, { lead = leadTabs }: TabSyncOptions = {}): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  let channel: BroadcastChannel | null = null;
  let leader: TabLeader | null = null;
  let name: string | null = null;
  /** What each post was when last sent or received, as JSON: an echo or a copy already known is not sent. */
  const known = new Map<string, string>();
  let headSent = 0;
  /** The head this tab's cache held before its latest change: where the reader's next find starts. */
  let lastHead = 0;
  /** Posts deleted here or in another tab: a find read before the deletion does not bring them back. */
  const gone = new Set<string>();
  const forget = (id: string) => {
    gone.add(id);
    if (gone.size > KNOWN_LIMIT) gone.delete(gone.values().next().value!);
  };
  const leading = () => leader?.isLeading() ?? true;

  const remember = (id: string, json: string) => {
    known.delete(id);
    known.set(id, json);
    if (known.size > KNOWN_LIMIT) known.delete(known.keys().next().value!);
  };
  const send = (message: Message) => channel?.postMessage(message);

  /** A post from a message into the cache, known as received (not sent back). */
  function seed(post: Post) {
    if (gone.has(post.id)) return;
    remember(post.id, JSON.stringify(post));
    client.setQueryData(postQueries.detail(post.id).queryKey, post);
  }

  /**
   * The reader's find reaches the others with the posts' bodies: every post in (`from`, `head`], read
   * here once (most by the check itself, the rest in the shared low-priority lane, the same reads this
   * tab's own "new posts" make: whichever asks first, the other finds it cached or joins it), a page at
   * most. Ids that held no post a moment ago are not asked again. A tab that knew no head before (its
   * first discovery: `from` 0) reads nothing for the others: it sends the posts it has down to the
   * first id it has not read (its feed reads on by itself; a lone tab pays nothing for this).
   */
  async function sendFound(from: number, head: number) {
    const mine = channel;
    const reuseMisses = cachedFetcher(client, true);
    const notRead = new Error('not read in this tab');
    const page = await scanPage({
      from: head,
      floor: from,
      size: PAGE_SIZE,
      fetchPost: (id, signal) => {
        const detail = client.getQueryState(postQueries.detail(String(id)).queryKey);
        if (detail?.data) return Promise.resolve(detail.data);
        if (from > 0) return reuseMisses(id, signal);
        const missing = detail?.status === 'error' && isApiError(detail.error) && detail.error.kind === 'not_found';
        return missing ? Promise.resolve(null) : Promise.reject(notRead);
      },
      limiter: scanLimiter,
      priority: 'low',
      // What was read above a read that failed (or an id not read here) is sent, down to there.
      partial: true,
    }).catch(() => null);
    if (channel !== mine) return;
    if (!page) return send({ kind: 'head', head });
    const posts = page.items.filter((post) => !gone.has(post.id));
    for (const post of posts) remember(post.id, JSON.stringify(post));
    send({ kind: 'found', head, covered: page.nextCursor ?? from, posts, more: page.nextCursor !== null && page.items.length >= PAGE_SIZE });
  }

  /** A head another tab found: the "new posts" it makes from what this tab knows (if it can), then the head. */
  function takeHead(head: number, found?: { covered: number; posts: Post[]; more: boolean }) {
    headSent = Math.max(headSent, head);
    const key = feedQueries.head().queryKey;
    const current = client.getQueryData(key);
    // A follower that has not found the head yet finds it itself (its first visit's feed waits on it).
    if (current === undefined || head <= current) return;
    // The top of the feed (feed-queries.ts topOfFeed, not imported: one name fewer in the first load's exports).
    const top = client.getQueryData(feedQueries.pages().queryKey)?.pages[0]?.from ?? 0;
    const newer = found && top > 0 ? newerFromFound(client, top, current, { head, ...found }) : null;
    // Before the head, so the "new posts" query has its answer when the feed asks with the new head.
    if (newer) client.setQueryData(newerPostsKey(top, head), newer);
    client.setQueryData(key, head);
  }

  async function receive(message: Message) {
    switch (message.kind) {
      case 'post': {
        const post = await postFromMessage(message.post);
        if (post && post.id === message.id) seed(post);
        break;
      }
      case 'answered':
        api().noteAnsweredElsewhere();
        break;
      case 'head':
        if (Number.isSafeInteger(message.head)) takeHead(message.head);
        break;
      case 'found': {
        const { head, covered } = message;
        if (!Number.isSafeInteger(head) || !Number.isSafeInteger(covered) || !Array.isArray(message.posts)) break;
        const posts = await Promise.all(message.posts.map(postFromMessage));
        // All or nothing: a find with a post missing would read as a hole where there is a post.
        if (!posts.every((post): post is Post => !!post && Number(post.id) > covered && Number(post.id) <= head)) break;
        for (const post of posts) seed(post);
        takeHead(head, { covered, posts, more: message.more === true });
        break;
      }
      case 'created': {
        if (!isPostId(message.id)) break;
        const post = message.post ? await postFromMessage(message.post) : null;
        if (post && post.id === message.id) seed(post);
        addCreatedPostToFeed(client, message.id, { fromAnotherTab: true });
        break;
      }
      case 'deleted':
        forget(message.id);
        removePostFromFeed(client, message.id, { fromAnotherTab: true });
        client.removeQueries({ queryKey: postQueries.detail(message.id).queryKey, exact: true });
        break;
      case 'signedOut': {
        const account = tokenStore.get().accounts.find((a) => a.id === message.account);
        if (!account) break;
        void loadLaterMessages()
          .catch(() => undefined)
          .then(() => {
            const notice = t('accounts.signedOutElsewhere', { username: account.username ?? '' });
            if (account.token === tokenStore.getToken()) signOut(client, { notice });
            else tokenStore.signOut(account.token, notice);
          });
        break;
      }
    }
  }

  /** Joins the tabs of the account in use (none: leads alone, as a tab with no one to agree with). */
  function join() {
    const id = accountIdOf();
    const next = id ? `social.tabs:${apiBaseUrl}:${id}` : null;
    if (next === name) return;
    leave();
    name = next;
    if (!name) return;
    const mine = new BroadcastChannel(name);
    channel = mine;
    // One at a time, in the order sent (a post is checked before it is taken: a find's posts before its head).
    let inbox = Promise.resolve();
    mine.onmessage = (event: MessageEvent<Message>) => {
      inbox = inbox.then(() => (channel === mine ? receive(event.data) : undefined)).catch(() => undefined);
    };
    lastHead = client.getQueryData(feedQueries.head().queryKey) ?? 0;
    const elected = lead(name);
    leader = elected;
    const mark = () => {
      readerTab.set(elected.isLeading());
      document.documentElement.setAttribute(ROLE_ATTRIBUTE, elected.isLeading() ? 'reader' : 'follower');
    };
    mark();
    elected.subscribe(mark);
  }

  function leave() {
    leader?.stop();
    leader = null;
    channel?.close();
    channel = null;
    known.clear();
    gone.clear();
    headSent = 0;
    lastHead = 0;
    readerTab.set(true);
    document.documentElement.removeAttribute(ROLE_ATTRIBUTE);
  }

  const unsubscribeCache = client.getQueryCache().subscribe((event) => {
    if (!channel || event.type !== 'updated' || event.action.type !== 'success') return;
    if (isPostDetailEvent(event)) {
      const id = String(event.query.queryKey.at(-1));
      const post = event.query.state.data as Post | undefined;
      if (!post) return;
      const json = JSON.stringify(post);
      if (known.get(id) === json) return;
      remember(id, json);
      send({ kind: 'post', id, post });
    } else if (event.query.queryHash === JSON.stringify(feedQueries.head().queryKey)) {
      const head = event.query.state.data as number | undefined;
      const from = lastHead;
      lastHead = head ?? lastHead;
      if (!leading()) return;
      send({ kind: 'answered' });
      if (head !== undefined && head > headSent) {
        headSent = head;
        void sendFound(Math.min(from, head), head);
      }
    }
  });

  const unsubscribeFeed = onFeedChange((change) => {
    if (change.fromAnotherTab) return;
    if (change.kind === 'created') {
      const post = client.getQueryData(postQueries.detail(change.id).queryKey) ?? null;
      if (post) remember(change.id, JSON.stringify(post));
      send({ kind: 'created', id: change.id, post });
    } else {
      forget(change.id);
      send({ kind: 'deleted', id: change.id });
    }
  });

  // Accounts that leave this tab's list (signed out here) are signed out of the account's other tabs.
  let accountsBefore = new Set(tokenStore.get().accounts.map((a) => a.id).filter((id): id is string => !!id));
  const unsubscribeTokens = tokenStore.subscribe(() => {
    const now = new Set(tokenStore.get().accounts.map((a) => a.id).filter((id): id is string => !!id));
    for (const id of accountsBefore) {
      if (now.has(id)) continue;
      // The channel of that account (this tab may already be on the next account's).
      const gone = new BroadcastChannel(`social.tabs:${apiBaseUrl}:${id}`);
      gone.postMessage({ kind: 'signedOut', account: id } satisfies Message);
      gone.close();
    }
    accountsBefore = now;
    join();
  });

  join();
  return () => {
    unsubscribeCache();
    unsubscribeFeed();
    unsubscribeTokens();
    leave();
  };
}
