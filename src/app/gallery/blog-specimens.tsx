import type { QueryClient } from '@tanstack/react-query';
import { blogQueries } from '../../entities/blog/queries';
import { BlogBanner } from '../../features/blog/components/blog-banner';
import { ApiError } from '../../lib/api/api-error';
import type { BlogEntry } from '../../lib/api/schemas';
import { GallerySection, Specimen } from './gallery-layout';
import { SAMPLE_BLOG, SAMPLE_BLOG_HOSTILE } from './sample-data';
import { SeededQueries } from './seeded-queries';

const key = blogQueries.latest().queryKey;

const loaded = (entry: BlogEntry) => (client: QueryClient) => client.setQueryData(key, entry);
// A fetch that never ends keeps the banner loading; the banner's own request joins it instead of starting.
const loading = (client: QueryClient) => void client.prefetchQuery({ queryKey: key, queryFn: () => new Promise<never>(() => {}) });
const failed = (client: QueryClient) =>
  void client.prefetchQuery({ queryKey: key, queryFn: () => Promise.reject(new ApiError('server', { status: 500 })) });

/** One banner per client: the banner always reads the one "latest" entry. */
export function BlogSpecimens() {
  return (
    <GallerySection title="Blog banner">
      <Specimen label="Latest entry">
        <SeededQueries seed={loaded(SAMPLE_BLOG)}>
          <BlogBanner />
        </SeededQueries>
      </Specimen>
      <Specimen label="Loading">
        <SeededQueries seed={loading}>
          <BlogBanner />
        </SeededQueries>
      </Specimen>
      <Specimen label="Hostile and long">
        <SeededQueries seed={loaded(SAMPLE_BLOG_HOSTILE)}>
          <BlogBanner />
        </SeededQueries>
      </Specimen>
      <Specimen label="Failed: quietly absent (nothing below)">
        <SeededQueries seed={failed}>
          <BlogBanner />
        </SeededQueries>
      </Specimen>
    </GallerySection>
  );
}
