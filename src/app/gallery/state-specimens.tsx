import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { ApiError } from '../../lib/api/api-error';
import { GallerySection, Specimen } from './gallery-layout';

const noop = () => {};

export function StateSpecimens() {
  return (
    <GallerySection title="Loading, empty and error">
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
      <Specimen label="Error without retry">
        <ErrorState error={new ApiError('forbidden', { status: 403, reason: 'This post is locked' })} title="Could not reply" />
      </Specimen>
    </GallerySection>
  );
}
