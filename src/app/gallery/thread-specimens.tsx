import { ErrorState } from '../../components/ui/states';
import { MutedLine } from '../../features/mute/components/muted-line';
import { ReplyDeleted, ReplyError, ReplySkeleton } from '../../features/posts/components/reply-list-states';
import { RepliesClosed, ThreadNotFound, ThreadSkeleton } from '../../features/posts/components/thread-states';
import { ApiError } from '../../lib/api/api-error';
import { GallerySection, Specimen } from './gallery-layout';

const noop = () => {};

export function ThreadSpecimens() {
  return (
    <GallerySection title="Thread">
      <Specimen label="Loading">
        <ThreadSkeleton />
      </Specimen>
      <Specimen label="Not found">
        <ThreadNotFound />
      </Specimen>
      <Specimen label="Error">
        <ErrorState error={new ApiError('server', { status: 500 })} title="Could not load this post" onRetry={noop} />
      </Specimen>
      <Specimen label="Replies closed (locked)">
        <RepliesClosed />
      </Specimen>
      <Specimen label="Reply loading">
        <ReplySkeleton />
      </Specimen>
      <Specimen label="Reply deleted">
        <ReplyDeleted />
      </Specimen>
      <Specimen label="Muted reply collapsed (muted account)">
        <MutedLine reason="account" username="chen_w" onShow={noop} />
      </Specimen>
      <Specimen label="Muted reply collapsed (muted word)">
        <MutedLine reason="word" onShow={noop} />
      </Specimen>
      <Specimen label="Reply failed">
        <ReplyError error={new ApiError('rate_limited', { status: 429 })} onRetry={noop} />
      </Specimen>
    </GallerySection>
  );
}
