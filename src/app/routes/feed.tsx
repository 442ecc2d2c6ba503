import { PageHeading } from '../../components/ui/page-heading';
import { BlogBanner } from '../../features/blog/components/blog-banner';
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
