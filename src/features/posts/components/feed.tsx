import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { withLaterMessages } from '../../../i18n/i18n';
import { lazyRoute, useLoadedAfterFirstContent } from '../../../lib/lazy-route';
import { PostLeadSlot, type PostLead } from '../../../entities/post/ui/post-card-context';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { useT } from '../../../i18n/use-t';
import { feedPainted, feedQueries, type FeedPageParam } from '../../../entities/post/feed-queries';
import { readKnownHead } from '../../../entities/post/known-head';
import type { FocusTarget } from './feed-list';
import { FirstPosts } from './first-posts';
import { readFeedScroll } from './feed-scroll';
import { afterContentPresented } from '../../../lib/idle';
import { useFeedMuteFilter } from '../../../entities/mute/use-feed-mute-filter';
import { cachedPost } from '../../../entities/post/queries';

// What is new: the check for new posts and its pill, "last seen", the caught-up line and its text.
// After the first posts are on screen: none of it is needed to show them.
const Visit = lazyRoute(() => withLaterMessages(import('./feed-visit')).then((m) => m.FeedVisit));
// The windowed list, its scrolling and its keys: once the first posts are on screen (FirstPosts
// shows them until then), unless there is a place in the feed to go back to.
const FeedList = lazyRoute(() => import('./feed-list').then((m) => m.FeedList));

interface FeedProps {
  /** How often to look for posts newer than the top of the feed (NEW_POSTS_CHECK_MS by default). */
  checkIntervalMs?: number;
}

/**
 * The feed: posts newest first, scanned by id (see entities/post/feed-scan.ts). A return visit starts from
 * the remembered highest id at once while the head discovery runs beside it; a first visit as soon as
 * the discovery has read the highest post it found, while it checks the ids above (what it finds
 * there is offered as new posts).
 */
export function Feed({ checkIntervalMs }: FeedProps) {
  const t = useT();
  const [start] = useState(readKnownHead);
  const client = useQueryClient();
  // Pages already cached at mount: the reader came back (back button), so their place is restored too.
  // (Or a first visit whose page code came after the boot's prefetch had read its posts: no place to
  // restore, FirstPosts shows them, and the list takes over from it as on any first visit.)
  const [returning] = useState(() => client.getQueryData(feedQueries.pages().queryKey) !== undefined);
  // A place to go back to in this history entry (back from a thread, a reload): the windowed list
  // lays it out before the first paint, so nothing is shown before it (FirstPosts would be at the top).
  const entryKey = useLocation().key;
  const [restoring] = useState(() => returning && readFeedScroll(entryKey) > 0);
  const [list, setList] = useState<'loading' | 'ready' | 'failed'>(() => (FeedList.isLoaded() ? 'ready' : 'loading'));
  const firstPosts = useRef<HTMLDivElement>(null);
  const feed = useInfiniteQuery(feedQueries.pages(start));
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  // Muted posts leave the feed (entities/mute): undefined while the filter loads.
  const hideMuted = useFeedMuteFilter();
  const ids = useMemo(() => {
    const all = [...new Set(feed.data?.pages.flatMap((page) => page.ids) ?? [])];
    // None while the filter loads: not even the list's deferred copy may hold a muted post.
    return hideMuted ? hideMuted(all, (id) => cachedPost(client, id)) : [];
  }, [feed.data, hideMuted, client]);
  // The list renders from a deferred copy: posts that arrive are rendered in slices between which
  // the browser stays responsive, instead of in the one long task a cache update would cause.
  // Posts that leave (deleted, muted) leave at once, even while a page that arrived with them waits
  // for the deferred render: that render can wait behind every urgent one, and on a busy device the
  // deleted post stayed on screen, its dialog open with Delete offered again, for seconds after the
  // server had confirmed (issue 37).
  // The first posts are the exception: with nothing on screen yet there is nothing to stay responsive
  // for, and the window renders only the few that fit the viewport.
  const deferredIds = useDeferredValue(ids);
  const shownIds = useMemo(() => (deferredIds.length === 0 ? ids : withoutLeft(deferredIds, ids)), [deferredIds, ids]);
  // A first visit's page started from the narrowed head: what the tolerance check finds above it is news.
  const fromDiscovery = (feed.data?.pageParams[0] as FeedPageParam | undefined)?.from === 'head';
  const visitLoaded = useLoadedAfterFirstContent(Visit) === 'ready';
  const [lead, setLead] = useState<PostLead | null>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  // A feed with nothing to paint (empty, or failed) has shown all it will: what waits for its
  // first posts may go.
  // So does one that waits for the mute filter: who-am-I (which says whose mutes apply) waits for that.
  const nothingToPaint = !hideMuted || (feed.isError && !feed.data) || (feed.isSuccess && ids.length === 0 && !hasNextPage);
  useEffect(() => {
    if (nothingToPaint) feedPainted(client);
  }, [nothingToPaint, client]);
  const hasItems = ids.length > 0;
  useEffect(() => {
    if (!hasItems) return;
    let live = true;
    const load = () => FeedList.preload().then(
      () => live && setList('ready'),
      () => live && setList('failed'),
    );
    if (restoring) void load();
    // Posts are on screen, as the browser reports it: a first visit's check for newer ones may start
    // (it waited for this), and the list's code may come. After the next frame was too soon: its
    // first requests went out before the paint was presented, and a metric such as LCP counted them
    // before the first post.
    void afterContentPresented().then(() => {
      feedPainted(client);
      if (!restoring) void load();
    });
    return () => {
      live = false;
    };
  }, [hasItems, restoring, client]);

  // A page that arrived is rendered a moment later (the deferred copy): until its posts are in the
  // list it is still loading, for the footer and for the list's own look at its end. Otherwise "Load
  // more posts" showed where the loading line was, in view, for the moment before the new posts
  // pushed it down; a click then loaded the page after it and moved focus past the posts the reader
  // had not seen (and the list, still at its old end, could ask for that page too).
  const loadingMore = isFetchingNextPage || shownIds[shownIds.length - 1] !== ids[ids.length - 1];
  const canLoadMore = hasNextPage && !loadingMore && !feed.isFetchNextPageError;
  // cancelRefetch false: asking again while a page loads waits for that page instead of restarting it.
  const loadMore = useCallback(
    async () => !(await fetchNextPage({ cancelRefetch: false })).isFetchNextPageError,
    [fetchNextPage],
  );

  if (feed.isPending || !hideMuted) return <LoadingState label={t('feed.loading')} lines={6} />;
  if (feed.isError && !feed.data) {
    return <ErrorState error={feed.error} title={t('feed.loadError')} onRetry={() => void feed.refetch()} />;
  }

  const visit = visitLoaded && (
    <Visit
      ids={ids}
      top={feed.data?.pages[0]?.from}
      fromDiscovery={fromDiscovery}
      checkIntervalMs={checkIntervalMs}
      onShown={() => setFocusTarget({ index: 0, scroll: 'top' })}
      onLead={setLead}
    />
  );
  if (ids.length === 0 && !hasNextPage) {
    return (
      <>
        {visit}
        <EmptyState title={t('feed.emptyTitle')}>
          <p>{t('feed.emptyText')}</p>
        </EmptyState>
      </>
    );
  }

  return (
    <>
      {visit}
      <PostLeadSlot.Provider value={lead}>
        {list === 'ready' ? (
          <FeedList
            firstPosts={() => firstPosts.current}
            ids={shownIds}
            catchingUp={shownIds !== ids}
            restoreScroll={returning}
            busy={feed.isFetching}
            hasMore={hasNextPage}
            canLoadMore={canLoadMore}
            loadMore={loadMore}
            focusTarget={focusTarget}
            onFocusTarget={setFocusTarget}
          />
        ) : restoring && list === 'loading' ? (
          // Nothing yet, the footer below hidden (styles.css): the list lays out the place first.
          <div className="feed-list" />
        ) : (
          <FirstPosts
            ids={shownIds}
            busy={feed.isFetching}
            hasMore={hasNextPage}
            canLoadMore={canLoadMore}
            loadMore={loadMore}
            all={list === 'failed'}
            listRef={firstPosts}
          />
        )}
      </PostLeadSlot.Provider>
      <div className="feed-footer">
        {loadingMore ? (
          <p className="state" role="status">
            {t('feed.loadingMore')}
          </p>
        ) : feed.isFetchNextPageError ? (
          <ErrorState error={feed.error} title={t('feed.loadMoreError')} onRetry={() => void loadMore()} />
        ) : hasNextPage ? (
          <p className="state">
            <button
              type="button"
              className="button"
              onClick={() => {
                const firstNew = ids.length;
                void loadMore().then((arrived) => arrived && setFocusTarget({ index: firstNew }));
              }}
            >
              {t('feed.loadMore')}
            </button>
          </p>
        ) : (
          <p className="state">{t('feed.end')}</p>
        )}
      </div>
    </>
  );
}

/**
 * The ids on screen (`shown`, the deferred copy) without those `next` no longer has. `next` itself
 * when that leaves all of it (only removals: nothing waits), `shown` itself when nothing left.
 */
function withoutLeft(shown: string[], next: string[]): string[] {
  if (shown === next) return next;
  const kept = new Set(next);
  const staying = shown.filter((id) => kept.has(id));
  if (staying.length === next.length) return next;
  return staying.length === shown.length ? shown : staying;
}
