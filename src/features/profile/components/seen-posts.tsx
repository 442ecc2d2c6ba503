import { useId } from 'react';
import { EmptyState } from '../../../components/ui/states';

interface SeenPostsProps {
  name: string;
  count: number;
  /** The post cards, newest first. */
  children: React.ReactNode;
}

/** The service has no per-user listing: only posts this session has already loaded can appear. */
export function SeenPosts({ name, count, children }: SeenPostsProps) {
  const headingId = useId();
  return (
    <section className="profile-posts" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        Posts by <span dir="auto">{name}</span> seen so far
      </h2>
      <p className="hint">
        The service cannot list a person&apos;s posts, so only posts already loaded in the feed or in threads
        during this visit appear here.
      </p>
      {count === 0 ? (
        <EmptyState title="No posts by this person seen yet">
          <p>Their posts show up here once you come across them in the feed or in a thread.</p>
        </EmptyState>
      ) : (
        children
      )}
    </section>
  );
}
