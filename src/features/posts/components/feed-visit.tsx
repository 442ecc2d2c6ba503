/**
 * The feed's later part, loaded once its first posts are on screen, with the later text (feed.tsx):
 * the check for new posts (entities/post/head-poll.ts) and the "new posts" pill (feed-new-posts.tsx),
 * how many wait behind it (the tab's title counts them), "last seen" kept as posts are on screen
 * (entities/post/last-seen.ts), and where this visit's new posts end: "3 new since your last visit" under the page's title, and a
 * line, "You're caught up — seen before", above the first post seen before. Neither takes room
 * (styles.css: drawn in the title's margin and in the gap between two posts), so they show, move
 * and go without moving what is on screen, whenever this code or who is signed in arrives.
 */
import { focusManager, useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useLayoutEffect, useSyncExternalStore, type Dispatch, type SetStateAction } from 'react';
import { useLocation } from 'react-router-dom';
import { useAccountId } from '../../../entities/account/token-store';
import { useFeedMuteFilter } from '../../../entities/mute/use-feed-mute-filter';
import { useHeadPoll } from '../../../entities/post/head-poll';
import { recordSeen, visitMark, visitRevision } from '../../../entities/post/last-seen';
import { newPostsWaiting } from '../../../entities/post/new-posts-waiting';
import { cachedPost } from '../../../entities/post/queries';
import { OwnPostContext, type PostLead } from '../../../entities/post/ui/post-card-context';
import { useT } from '../../../i18n/use-t';
import { useStore } from '../../../lib/external-store';
import { rememberFeedEntry } from '../api/feed-entries';
import { trimFeed, TRIM_AFTER_MS } from '../api/feed-window';
import { feedInView } from './feed-list';
import { NewPostsPill, useNewPosts } from './feed-new-posts';

export interface FeedVisitProps {
  /** The feed's posts, newest first, muted ones left out. */
  ids: readonly string[];
  /** The top of the feed (its first page's start): new posts are the ones above it. */
  top: number | undefined;
  /** The first page started from a first visit's narrowed head: what is found above it is news. */
  fromDiscovery: boolean;
  /** How often to check for new posts (NEW_POSTS_CHECK_MS by default). */
  checkIntervalMs?: number;
  /** The new posts were shown at the top on the reader's press: the feed goes there. */
  onShown(): void;
  /** Gives the feed's cards what they show at their top: the line, on the first post seen before. */
  onLead: Dispatch<SetStateAction<PostLead | null>>;
}

/** The line above the first post seen before: a separator with a name, inside that post's article (a feed holds articles only). */
export function CaughtUpLine() {
  const label = useT()('visit.caughtUp');
  return (
    <div role="separator" aria-label={label} className="caught-up">
      <span>{label}</span>
    </div>
  );
}

/** "3 new since your last visit", or nothing; zero height, its text in the title's margin. */
export function NewSinceVisit({ count }: { count: number }) {
  const t = useT();
  return <p className="feed-visit">{count > 0 && <span>{t('visit.newSince', { count })}</span>}</p>;
}

/** This visit's new posts among `ids`: those above the visit's mark that are not one's own, and the first post seen before. */
function useNewSinceVisit(ids: readonly string[]): { count: number; seenId: string | undefined } {
  const client = useQueryClient();
  const account = useAccountId();
  // Read again when a new visit begins (back to the tab after a while).
  useStore(visitRevision);
  const mark = account ? visitMark(account) : 0;
  const own = useContext(OwnPostContext);
  const isOwn = useSyncExternalStore(own.subscribe, own.get, own.get);
  if (!mark) return { count: 0, seenId: undefined };
  const firstSeen = ids.findIndex((id) => Number(id) <= mark);
  const above = firstSeen < 0 ? ids : ids.slice(0, firstSeen);
  const count = above.filter((id) => {
    const post = cachedPost(client, id);
    return !post || !isOwn(post);
  }).length;
  return { count, seenId: count > 0 && firstSeen > 0 ? ids[firstSeen] : undefined };
}

/** Keeps the newest post on screen as the account's "last seen", while the tab is visible. */
function useRecordSeen(): void {
  const account = useAccountId();
  useEffect(() => {
    if (!account) return;
    const record = () => {
      if (!focusManager.isFocused()) return;
      const newest = Math.max(0, ...feedInView.get().map(Number));
      if (newest > 0) recordSeen(account, newest);
    };
    record();
    const stopView = feedInView.subscribe(record);
    const stopFocus = focusManager.subscribe(record);
    return () => {
      stopView();
      stopFocus();
    };
  }, [account]);
}

/**
 * Keeps the feed's pages to a window (api/feed-window.ts): TRIM_AFTER_MS after the reader last
 * scrolled (or new posts were shown), the pages far below the screen go; while a page is being
 * read, it waits for the next pause.
 */
function useFeedWindow(): void {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const trim = () => {
      const inView = feedInView.get();
      if (trimFeed(client, inView[inView.length - 1]) === 'busy') schedule();
    };
    function schedule() {
      clearTimeout(timer);
      timer = setTimeout(trim, TRIM_AFTER_MS);
    }
    schedule();
    const stop = feedInView.subscribe(schedule);
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [client]);
}

export function FeedVisit({ ids, top, fromDiscovery, checkIntervalMs, onShown, onLead }: FeedVisitProps) {
  useHeadPoll(checkIntervalMs);
  useRecordSeen();
  useFeedWindow();
  // Only the newest entries keep their place in the feed (api/feed-entries.ts).
  const entryKey = useLocation().key;
  useEffect(() => rememberFeedEntry(entryKey), [entryKey]);
  const client = useQueryClient();
  const account = useAccountId();
  const newPosts = useNewPosts(top, fromDiscovery);
  // The feed shows this part once its mute filter is in (feed.tsx): keepAll until then does no harm.
  const hideMuted = useFeedMuteFilter();
  const waiting = hideMuted ? hideMuted(newPosts.ids, (id) => cachedPost(client, id)).length : 0;
  const { count, seenId } = useNewSinceVisit(ids);
  // Before paint: the line shows in the same frame as the posts it sits between.
  useLayoutEffect(() => {
    const lead: PostLead = (post) => (post.id === seenId ? <CaughtUpLine /> : null);
    onLead(() => (seenId === undefined ? null : lead));
  }, [seenId, onLead]);
  useLayoutEffect(() => () => onLead(null), [onLead]);
  useEffect(() => newPostsWaiting.set({ account, count: waiting }), [account, waiting]);
  return (
    <>
      <NewPostsPill
        count={waiting}
        more={newPosts.more}
        onShow={() => {
          newPosts.show();
          onShown();
        }}
      />
      <NewSinceVisit count={count} />
    </>
  );
}
