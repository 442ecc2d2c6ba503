import { PageHeading } from '../../components/ui/page-heading';
import { BlogBanner } from '../../features/blog/components/blog-banner';
import { Feed } from '../../features/posts/components/feed';

export function FeedRoute() {
  return (
    <div className="page">
      <BlogBanner />
      <PageHeading>Feed</PageHeading>
      <Feed />
    </div>
  );
}
