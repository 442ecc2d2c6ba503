import { PageHeading } from '../../components/ui/page-heading';
import { BlogBanner } from '../../features/blog/components/blog-banner';

export function FeedRoute() {
  return (
    <div className="page">
      <BlogBanner />
      <PageHeading>Feed</PageHeading>
    </div>
  );
}
