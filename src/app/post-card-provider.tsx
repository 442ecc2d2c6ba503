import { useLayoutEffect, useMemo, useState } from 'react';
import { isOwnAccount } from '../entities/account/own-uuid';
import { useSession } from '../entities/account/use-session';
import { createOwnPostSource, OwnPostContext, PostActionsSlot, type IsOwnPost, type PostActionsProps } from '../entities/post/ui/post-card-context';
import { lazyRoute, useLoadedAfterFirstContent } from '../lib/lazy-route';
import { loadPostActions } from './route-modules';

// A post's actions (copy link, mute; the author's edit form, dialogs, mutations) and their text:
// not in the first load. They load once the page's first content is on screen, about when the
// profile that tells which posts are one's own arrives.
const PostActions = lazyRoute(() => loadPostActions().then((m) => m.PostActions));

/** The actions every card shows (entities/post's PostActionsSlot), once their code has loaded. */
function LoadedPostActions(props: PostActionsProps) {
  return useLoadedAfterFirstContent(PostActions) === 'ready' && <PostActions {...props} />;
}
const renderPostActions = (props: PostActionsProps) => <LoadedPostActions {...props} />;

/**
 * What the post cards below read from the app: whether a post is one's own (its author has the
 * signed-in uuid, once known, else exactly the username), and the features' actions on a post.
 */
export function PostCardProvider({ children }: { children: React.ReactNode }) {
  // The account in use as its record knows it: the username who-am-I gave, the uuid once learned.
  const { token, accounts } = useSession();
  const me = accounts.find((a) => a.token === token);
  const uuid = me?.uuid ?? '';
  const username = me?.username ?? '';
  const isOwn = useMemo<IsOwnPost>(() => (post) => isOwnAccount({ uuid, username }, post.author), [uuid, username]);
  const [source] = useState(() => createOwnPostSource(isOwn));
  // Before paint: the cards whose answer changed re-render in this same commit, and only they.
  useLayoutEffect(() => source.set(isOwn), [source, isOwn]);
  return (
    <OwnPostContext.Provider value={source}>
      <PostActionsSlot.Provider value={renderPostActions}>{children}</PostActionsSlot.Provider>
    </OwnPostContext.Provider>
  );
}
