/**
 * The count of replies to you, kept while signed in: posts are looked at as they land
 * (watch-posts.ts, which classify-replies.ts decides on), what came meanwhile is caught up on
 * (catch-up.ts), and the minute's check for new posts runs on every page, not only the feed, so a
 * reply shows in the count within about a minute wherever the reader is.
 *
 * Loaded after the first content (replies-nav-link.tsx) with the later catalog.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { feedQueries, NEW_POSTS_CHECK_MS } from '../../entities/post/feed-queries';
import { repliesStore, unseenCount, useRepliesState } from '../../entities/replies/replies-store';
import { useLocale, useT } from '../../i18n/use-t';
import { keepCaughtUp } from './catch-up';
import { highestKnownId } from './highest-known-id';
import { repliesBadge } from './replies-badge';
import { watchPosts } from './watch-posts';

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
 * start and after a long time hidden, checks for new posts away from the feed, and gives the header
 * its label and badge. Renders nothing.
 */
export function RepliesWatch({ account }: { account: string }) {
  const client = useQueryClient();
  useHeadCheckAwayFromFeed();
  useEffect(() => {
    repliesStore.start(account, () => highestKnownId(client));
    return watchPosts(client, account);
  }, [client, account]);
  useEffect(() => keepCaughtUp(client, account), [client, account]);
  useRepliesBadge();
  return null;
}
