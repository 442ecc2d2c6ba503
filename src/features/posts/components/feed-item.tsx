import { useQuery } from '@tanstack/react-query';
import { memo, useDeferredValue, useLayoutEffect, useRef } from 'react';
import { useT } from '../../../i18n/use-t';
import { postQueries } from '../../../entities/post/queries';
import { PostCard } from '../../../entities/post/ui/post-card';

interface FeedItemProps {
  id: string;
  /** 1-based position in the feed (aria-posinset). */
  position: number;
}

/**
 * One post of the feed, read from the post's own cache entry (filled by the scan), so an edit
 * made in the thread shows here too. Every state renders an `<article>`: the feed pattern needs
 * one per item, and an item that renders nothing would confuse the windowed list's measuring.
 * Memoised: the list re-renders on every scroll step and measurement, its posts need not.
 */
export const FeedItem = memo(function FeedItem({ id, position }: FeedItemProps) {
  // Infinity: scrolling an item back into view must not refetch it; edits arrive through the cache.
  const { data, isError } = useQuery({ ...postQueries.detail(id), staleTime: Infinity });
  // A cache update re-renders its observers at once, in one task for every post it reaches (a
  // query's notification cannot be a transition): the card renders from a deferred copy, which
  // React renders in slices after that. A post already cached when the item mounts shows at once.
  const post = useDeferredValue(data);
  const ref = useRef<HTMLDivElement>(null);
  const t = useT();

  useLayoutEffect(() => {
    // PostCard renders the <article> but takes no aria props; set the feed's on it directly.
    const article = ref.current?.firstElementChild;
    if (article?.tagName !== 'ARTICLE') return;
    article.setAttribute('aria-posinset', String(position));
    article.setAttribute('aria-setsize', '-1');
  });

  if (post) {
    return (
      <div ref={ref}>
        <PostCard post={post} tabIndex={0} />
      </div>
    );
  }
  return (
    <article
      className="post-card card"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the feed pattern makes every article focusable (j/k)
      tabIndex={0}
      aria-posinset={position}
      aria-setsize={-1}
      aria-busy={!isError}
      aria-label={isError ? t('feed.itemGoneLabel') : t('feed.itemLoadingLabel')}
      data-post-id={id}
    >
      <p className="state">{isError ? t('feed.itemGone') : t('feed.itemLoading')}</p>
    </article>
  );
});
