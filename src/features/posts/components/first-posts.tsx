import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type Ref } from 'react';
import { cachedPost } from '../../../entities/post/queries';
import { charsPerLine, estimatePostHeight } from '../../../entities/post/ui/post-height';
import { useT } from '../../../i18n/use-t';
import { whenIdle } from '../../../lib/idle';
import { FeedItem } from './feed-item';

interface FirstPostsProps {
  ids: string[];
  busy: boolean;
  hasMore: boolean;
  /** More pages exist and none is loading or failed. */
  canLoadMore: boolean;
  loadMore(): void;
  /** The windowed list's code could not be loaded: every post, and the footer (its "Load more"). */
  all: boolean;
  listRef: Ref<HTMLDivElement>;
}

/**
 * The feed's element, as FirstPosts and the windowed list that takes over from it both render it:
 * an accessible feed, busy while a page loads.
 */
export function feedProps(label: string, busy: boolean) {
  return { role: 'feed', 'aria-busy': busy, 'aria-label': label, className: 'feed-list' } as const;
}

/** The next page starts loading when one of the last few posts comes into view (here and in feed-list.tsx). */
export const LOAD_AHEAD = 3;

/**
 * The feed's first posts, before the windowed list's code (feed-list.tsx) has arrived: it is
 * loaded once these are on screen, so the first visit's first load carries none of it. The posts
 * that fit the viewport, and one more, as the list's own first render picks them; the same
 * element, attributes and item wrappers as the list's, in the document's flow. Each wrapper is a
 * block formatting context (styles.css), as the list's absolutely placed ones are: a card's margin
 * is inside it, so the sizes measured here are the list's, and it lays the same posts out at the
 * same places (feed-list.tsx reads them when it takes over). Nothing moves.
 */
export function FirstPosts({ ids, busy, hasMore, canLoadMore, loadMore, all, listRef }: FirstPostsProps) {
  const t = useT();
  const client = useQueryClient();
  let count = ids.length;
  if (!all) {
    const lineChars = charsPerLine(window.innerWidth);
    let height = 0;
    count = 0;
    while (count < ids.length && height < window.innerHeight) {
      height += estimatePostHeight(cachedPost(client, ids[count]!), lineChars);
      count += 1;
    }
    count = Math.min(ids.length, count + 1);
  }
  // The window not filled (a first visit's first page holds a post or two): the next page, as the
  // list would ask for it (its last few posts in view), once the main thread is idle.
  const fillWindow = !all && canLoadMore && count > ids.length - LOAD_AHEAD;
  useEffect(() => (fillWindow ? whenIdle(loadMore, 500) : undefined), [fillWindow, loadMore]);
  return (
    <div ref={listRef} {...feedProps(t('feed.listLabel'), busy)} data-painted={all || undefined} style={{ minHeight: hasMore ? '100vh' : undefined }}>
      {ids.slice(0, count).map((id, index) => (
        <div key={id} data-index={index}>
          <FeedItem id={id} position={index + 1} />
        </div>
      ))}
    </div>
  );
}
