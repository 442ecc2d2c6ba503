import { useCallback } from 'react';
import { useOwnSummary } from '../features/auth/use-own-summary';
import { OwnPostContext } from '../features/posts/own-post-context';
import type { Post } from '../lib/api/schemas';

/** A post is one's own when its author has the signed-in uuid (once known) or username. */
export function OwnPostProvider({ children }: { children: React.ReactNode }) {
  const me = useOwnSummary();
  const uuid = me?.uuid;
  const username = me?.username.toLowerCase();
  const isOwn = useCallback(
    (post: Post) => {
      const author = post.author;
      if (!author || !username) return false;
      if (uuid && author.uuid) return author.uuid === uuid;
      return author.username.toLowerCase() === username;
    },
    [uuid, username],
  );
  return <OwnPostContext.Provider value={isOwn}>{children}</OwnPostContext.Provider>;
}
