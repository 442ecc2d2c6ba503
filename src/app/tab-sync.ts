/**
 * Tabs of one account that agree without asking the server (issue 38). The tabs signed in to the same
 * account on the same API share a name, `social.tabs:<api>:<account id>`:
 *
 * - **One reader.** A Web Lock of that name elects the tab that makes the minute's check for new posts
 *   (lib/tab-leader.ts: the tab last looked at; the next in line when it closes). The others make no
 *   check of their own (entities/post/reader-tab.ts gates head-poll.ts).
 * - **What one learns, the others know.** Over a BroadcastChannel of that name: every post a tab reads
 *   or changes (edit, lock, sensitive flag) as its cache holds it, the newest id the reader finds (after
 *   the posts it read to find it, so a follower shows them without a request), a post created or
 *   deleted here, an account signed out here, and that the reader's check was answered (the others'
 *   status ping then stands aside, as the reader's own does). Per-account data on this device (mutes, saved posts,
 *   drafts, where you left off, settings) already reaches the other tabs through storage events
 *   (entities/account/account-data.ts).
 *
 * Loaded after the first content (layout.tsx); a browser without BroadcastChannel or Web Locks keeps
 * every tab on its own, as before.
 */
import type { QueryClient } from '@tanstack/react-query';
import { onFeedChange, addCreatedPostToFeed, removePostFromFeed } from '../entities/post/feed-cache';
import { feedQueries } from '../entities/post/feed-queries';
import { isPostDetailEvent, postQueries } from '../entities/post/queries';
import { readerTab } from '../entities/post/reader-tab';
import { accountIdOf, tokenStore } from '../entities/account/token-store';
import { signOut } from '../features/auth/sign-out';
import { loadLaterMessages, t } from '../i18n/i18n';
import { api } from '../lib/api/client';
import type { Post } from '../lib/api/schemas';
import { leadTabs, type TabLeader } from '../lib/tab-leader';

type Message =
  | { kind: 'post'; id: string; post: Post }
  | { kind: 'head'; head: number }
  /** The reader's check was answered (the API is up for this account): the others' status ping stands aside, as the reader's does. */
  | { kind: 'answered' }
  | { kind: 'created'; id: string; post: Post | null }
  | { kind: 'deleted'; id: string }
  | { kind: 'signedOut'; account: string };

/** Posts whose last known text (sent or received) is kept, to send only what changed: at most this many. */
const KNOWN_LIMIT = 500;

export function startTabSync(client: QueryClient, apiBaseUrl: string): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  let channel: BroadcastChannel | null = null;
  let leader: TabLeader | null = null;
  let name: string | null = null;
  /** What each post was when last sent or received, as JSON: an echo or a copy already known is not sent. */
  const known = new Map<string, string>();
  let headSent = 0;

  const remember = (id: string, json: string) => {
    known.delete(id);
    known.set(id, json);
    if (known.size > KNOWN_LIMIT) known.delete(known.keys().next().value!);
  };
  const send = (message: Message) => channel?.postMessage(message);

  function receive(message: Message) {
    switch (message.kind) {
      case 'post':
        remember(message.id, JSON.stringify(message.post));
        client.setQueryData(postQueries.detail(message.id).queryKey, message.post);
        break;
      case 'answered':
        api().noteAnsweredElsewhere();
        break;
      case 'head': {
        headSent = Math.max(headSent, message.head);
        const key = feedQueries.head().queryKey;
        const head = client.getQueryData(key);
        // A follower that has not found the head yet finds it itself (its first visit's feed waits on it).
        if (head !== undefined && message.head > head) client.setQueryData(key, message.head);
        break;
      }
      case 'created':
        if (message.post) {
          remember(message.id, JSON.stringify(message.post));
          client.setQueryData(postQueries.detail(message.id).queryKey, message.post);
        }
        addCreatedPostToFeed(client, message.id, { fromAnotherTab: true });
        break;
      case 'deleted':
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
    channel = new BroadcastChannel(name);
    channel.onmessage = (event: MessageEvent<Message>) => receive(event.data);
    const elected = leadTabs(name);
    leader = elected;
    readerTab.set(elected.isLeading());
    elected.subscribe(() => readerTab.set(elected.isLeading()));
  }

  function leave() {
    leader?.stop();
    leader = null;
    channel?.close();
    channel = null;
    known.clear();
    headSent = 0;
    readerTab.set(true);
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
    } else if (event.query.queryHash === JSON.stringify(feedQueries.head().queryKey) && readerTab.get()) {
      const head = event.query.state.data as number | undefined;
      send({ kind: 'answered' });
      if (head !== undefined && head > headSent) {
        headSent = head;
        send({ kind: 'head', head });
      }
    }
  });

  const unsubscribeFeed = onFeedChange((change) => {
    if (change.fromAnotherTab) return;
    if (change.kind === 'created') {
      const post = client.getQueryData(postQueries.detail(change.id).queryKey) ?? null;
      if (post) remember(change.id, JSON.stringify(post));
      send({ kind: 'created', id: change.id, post });
    } else send({ kind: 'deleted', id: change.id });
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
