import type { QueryClient } from '@tanstack/react-query';
import { PageHeading } from '../../components/ui/page-heading';
import { BlogBanner } from '../../features/blog/components/blog-banner';
import { feedQueries } from '../../entities/post/feed-queries';
import { readKnownHead } from '../../entities/post/known-head';
import { Feed } from '../../features/posts/components/feed';
import { useT } from '../../i18n/use-t';

export function FeedRoute() {
  const t = useT();
  return (
    <div className="page">
      <BlogBanner />
      <PageHeading>{t('app.feed')}</PageHeading>
      <Feed />
    </div>
  );
}

/** Boot: the first page of the feed, started before the page renders (same key the Feed reads). */
export function prefetchFeed(queryClient: QueryClient): void {
  void queryClient.prefetchInfiniteQuery(feedQueries.pages(readKnownHead()));
}
