/**
 * The count of replies to you, kept while signed in: posts are looked at as they land
 * (watch-posts.ts, which classify-replies.ts decides on), what came meanwhile is caught up on
 * (catch-up.ts), and the minute's check for new posts (entities/post/head-poll.ts, which the feed
 * shares) runs on every page, not only the feed, so a reply shows in the count within about a
 * minute wherever the reader is (a thread, Settings, the Replies page). Only once the head is
 * known (the feed has been shown): never a first discovery from here.
 *
 * Loaded after the first content (replies-nav-link.tsx) with the later catalog.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { feedQueries } from '../../entities/post/feed-queries';
import { useHeadPoll } from '../../entities/post/head-poll';
import { repliesStore, unseenCount, useRepliesState } from '../../entities/replies/replies-store';
import { useLocale, useT } from '../../i18n/use-t';
import { keepCaughtUp } from './catch-up';
import { highestKnownId } from './highest-known-id';
import { repliesBadge } from './replies-badge';
import { watchPosts } from './watch-posts';

/** The header's label and badge while replies are unseen, in the language in force. */
function useRepliesBadge(): void {
  const t = useT();
  const locale = useLocale();
  const state = useRepliesState();
  const count = state ? unseenCount(state) : 0;
  useEffect(() => {
    repliesBadge.set(count > 0 ? { label: t('replies.navUnseen', { count }), badge: new Intl.NumberFormat(locale).format(count) } : null);
  }, [count, t, locale]);
  useEffect(() => () => repliesBadge.set(null), []);
}

/**
 * Keeps the count for `account` (the account in use's local id): watches the cache, catches up on
 * start and after a long time hidden, asks for the minute's check for new posts, and gives the
 * header its label and badge. Renders nothing.
 */
export function RepliesWatch({ account }: { account: string }) {
  const client = useQueryClient();
  // Read from the cache only: the check is asked for once the feed has found the head.
  const headKnown = useQuery({ ...feedQueries.head(), enabled: false }).data !== undefined;
  useHeadPoll(undefined, headKnown);
  useEffect(() => {
    repliesStore.start(account, () => highestKnownId(client));
    return watchPosts(client, account);
  }, [client, account]);
  useEffect(() => keepCaughtUp(client, account), [client, account]);
  useRepliesBadge();
  return null;
}
