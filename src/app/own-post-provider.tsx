import { useLayoutEffect, useMemo, useState } from 'react';
import { isOwnAccount } from '../entities/account/own-uuid';
import { useSession } from '../entities/account/use-session';
import { createOwnPostSource, OwnPostContext, type IsOwnPost } from '../features/posts/own-post-context';

/** A post is one's own when its author has the signed-in uuid (once known), else exactly the username. */
export function OwnPostProvider({ children }: { children: React.ReactNode }) {
  // The account in use as its record knows it: the username who-am-I gave, the uuid once learned.
  const { token, accounts } = useSession();
  const me = accounts.find((a) => a.token === token);
  const uuid = me?.uuid ?? '';
  const username = me?.username ?? '';
  const isOwn = useMemo<IsOwnPost>(() => (post) => isOwnAccount({ uuid, username }, post.author), [uuid, username]);
  const [source] = useState(() => createOwnPostSource(isOwn));
  // Before paint: the cards whose answer changed re-render in this same commit, and only they.
  useLayoutEffect(() => source.set(isOwn), [source, isOwn]);
  return <OwnPostContext.Provider value={source}>{children}</OwnPostContext.Provider>;
}
