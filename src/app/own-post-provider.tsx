import { useLayoutEffect, useMemo, useState } from 'react';
import { useOwnSummary } from '../features/auth/use-own-summary';
import { createOwnPostSource, OwnPostContext, type IsOwnPost } from '../features/posts/own-post-context';

function ownPostMatcher(uuid: string | undefined, username: string | undefined): IsOwnPost {
  return (post) => {
    const author = post.author;
    if (!author || !username) return false;
    if (uuid && author.uuid) return author.uuid === uuid;
    return author.username.toLowerCase() === username;
  };
}

/** A post is one's own when its author has the signed-in uuid (once known) or username. */
export function OwnPostProvider({ children }: { children: React.ReactNode }) {
  const me = useOwnSummary();
  const uuid = me?.uuid;
  const username = me?.username.toLowerCase();
  const isOwn = useMemo(() => ownPostMatcher(uuid, username), [uuid, username]);
  const [source] = useState(() => createOwnPostSource(isOwn));
  // Before paint: the cards whose answer changed re-render in this same commit, and only they.
  useLayoutEffect(() => source.set(isOwn), [source, isOwn]);
  return <OwnPostContext.Provider value={source}>{children}</OwnPostContext.Provider>;
}
