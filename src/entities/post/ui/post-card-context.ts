/**
 * What a post card reads from the app (app/post-card-provider.tsx), which knows who is signed in
 * and which features act on a post: whether a post is one's own, and the actions it shows.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { Post } from '../../../lib/api/schemas';
import { createStore, type ReadableStore, type Store } from '../../../lib/external-store';

export type IsOwnPost = (post: Post) => boolean;

/**
 * Whether a post is the signed-in person's own, decided by the app layer (which knows who is
 * signed in). Post cards anywhere show author actions only where this says yes; the server
 * stays the authority either way.
 *
 * A store rather than a plain function in context: when who-am-I lands, only the cards whose
 * answer changes re-render, not every card on screen in one task.
 */
/** Which posts are one's own, as a store: a change re-renders only the cards whose answer changed. */
export type OwnPostSource = ReadableStore<IsOwnPost>;

/** A source that never changes (the states gallery). */
export const fixedOwnPostSource = (isOwn: IsOwnPost): OwnPostSource => createStore(isOwn);

/** A source the app changes when who is signed in (or their uuid) becomes known. */
export const createOwnPostSource = (initial: IsOwnPost): Store<IsOwnPost> => createStore(initial);

export const OwnPostContext = createContext<OwnPostSource>(fixedOwnPostSource(() => false));

export function useIsOwnPost(post: Post): boolean {
  const source = useContext(OwnPostContext);
  const read = () => source.get()(post);
  return useSyncExternalStore(source.subscribe, read, read);
}

export interface PostActionsProps {
  post: Post;
  /** Called after the signed-in author deleted this post from its own actions. */
  onDeleted?: () => void;
}

/**
 * What a card shows in its footer after its own links: the features' actions on a post (share,
 * mute, the author's edit, lock, sensitive, delete), which the app loads after the first content.
 * None where nothing gives them (a test's card).
 */
export const PostActionsSlot = createContext<((props: PostActionsProps) => ReactNode) | null>(null);

/** What a list shows at the top of a card, inside its article: the feed's "caught up" line. */
export type PostLead = (post: Post) => ReactNode;
export const PostLeadSlot = createContext<PostLead | null>(null);
