/**
 * The count in the tab (issue 36, item 2): new posts waiting behind the feed's "new posts" button
 * (entities/post/new-posts-waiting.ts, which the feed's later part keeps) plus unseen replies to you
 * (entities/replies), shown by lib/tab-count.ts in the title, the icon and the app badge. No request
 * of its own: both counts come from the checks the app already makes. Falls as posts are shown and
 * replies seen. Loaded after the first content (app/after-first-content.tsx).
 */
import { useEffect } from 'react';
import { useAccountId } from '../entities/account/token-store';
import { useSession } from '../entities/account/use-session';
import { newPostsWaiting } from '../entities/post/new-posts-waiting';
import { unseenCount, useRepliesState } from '../entities/replies/replies-store';
import { useLocale } from '../i18n/use-t';
import { useStore } from '../lib/external-store';
import { showTabCount } from '../lib/tab-count';

/** How many things wait for the account in use: posts behind the button and unseen replies. */
export function useWaitingCount(): number {
  const { signedIn } = useSession();
  const account = useAccountId();
  const waiting = useStore(newPostsWaiting);
  const replies = useRepliesState();
  if (!signedIn) return 0;
  return (waiting.account === account ? waiting.count : 0) + (replies ? unseenCount(replies) : 0);
}

export function TabCount() {
  const count = useWaitingCount();
  const locale = useLocale();
  useEffect(() => showTabCount(count, locale), [count, locale]);
  useEffect(() => () => showTabCount(0, 'en'), []);
  return null;
}
