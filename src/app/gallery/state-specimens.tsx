import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { NewPostsPill } from '../../features/posts/components/feed-new-posts';
import { ApiError } from '../../lib/api/api-error';
import { GallerySection, Specimen } from './gallery-layout';

const noop = () => {};

export function StateSpecimens() {
  return (
    <GallerySection title="Loading, empty, new posts and error">
      <Specimen label="Loading">
        <LoadingState label="Loading posts…" />
      </Specimen>
      <Specimen label="Empty">
        <EmptyState title="No posts yet">
          <p>New posts will show up here.</p>
        </EmptyState>
      </Specimen>
      <Specimen label="Error with retry">
        <ErrorState error={new ApiError('network')} title="Could not load the feed" onRetry={noop} />
      </Specimen>
      {/* What the feed offers once its check finds posts above the top (the posts-arriving scenario shows it live). */}
      <Specimen label="New posts (above the feed)">
        <div className="gallery-new-posts">
          <NewPostsPill count={3} more={false} onShow={noop} />
        </div>
      </Specimen>
      <Specimen label="New posts, more than one page of them">
        <div className="gallery-new-posts">
          <NewPostsPill count={20} more onShow={noop} />
        </div>
      </Specimen>
      <Specimen label="Error without retry">
        <ErrorState error={new ApiError('forbidden', { status: 403, reason: 'This post is locked' })} title="Could not reply" />
      </Specimen>
    </GallerySection>
  );
}
