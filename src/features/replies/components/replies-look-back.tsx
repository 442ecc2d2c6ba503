import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorState } from '../../../components/ui/states';
import { FIRST_PAGE_SIZE, feedQueries } from '../../../entities/post/feed-queries';
import { readKnownHead } from '../../../entities/post/known-head';
import { useT } from '../../../i18n/use-t';

/**
 * Below the Replies page's list: how far back replies were looked for, and "Look further back".
 * The v2 API has no notifications and no list of a user's posts: replies are found among the posts
 * the app reads (features/replies/watch-posts.ts). So the page reads what the feed reads, the same
 * cache entry, newest first: opened first in a visit (a deep link, a new browser), it reads the
 * newest posts itself instead of saying "No replies yet" while nothing has been looked at, and each
 * press reads one more page of the feed (a scan down the ids reaches every reply to a post it has
 * passed: a reply's id is above its post's). What it finds is recorded as the feed's posts are.
 */
export function RepliesLookBack() {
  const t = useT();
  const [start] = useState(readKnownHead);
  const feed = useInfiniteQuery(feedQueries.pages(start));
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;
  const looked = new Set(feed.data?.pages.flatMap((page) => page.ids)).size;
  const pages = feed.data?.pages.length ?? 0;
  // A first visit's first page is one post, the highest its search for the newest read (shown at
  // once on the feed, which reads the next page straight after): read on to a page's worth here too.
  const short = pages === 1 && looked < FIRST_PAGE_SIZE && hasNextPage;
  useEffect(() => {
    if (short && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage({ cancelRefetch: false });
  }, [short, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (feed.isPending) {
    return (
      <p className="state replies-look-back" role="status">
        {t('replies.lookingNewest')}
      </p>
    );
  }
  if (feed.isError && !feed.data) {
    return <ErrorState error={feed.error} title={t('replies.lookError')} onRetry={() => void feed.refetch()} />;
  }
  return (
    <div className="replies-look-back">
      <p role="status">
        {isFetchingNextPage
          ? t('replies.lookingFurther')
          : hasNextPage
            ? t('replies.lookedNewest', { count: looked })
            : looked > 0
              ? t('replies.lookedAll', { count: looked })
              : t('replies.lookedNone')}
      </p>
      {isFetchNextPageError && (
        <ErrorState error={feed.error} title={t('replies.lookError')} onRetry={() => void fetchNextPage({ cancelRefetch: false })} />
      )}
      {hasNextPage && !isFetchNextPageError && (
        // Stays while a page loads (a focused button that went away would drop the focus to the page).
        <button
          type="button"
          className="button"
          aria-disabled={isFetchingNextPage}
          onClick={() => {
            if (!isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
          }}
        >
          {t('replies.lookFurther')}
        </button>
      )}
    </div>
  );
}
