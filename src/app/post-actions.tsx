/**
 * A post's actions as the cards show them (app/post-card-provider.tsx loads this after the first
 * content): the post feature's (share; on one's own post the author's), the saved feature's
 * "Save post" on every post, and on anyone else's the mute feature's "Mute @name".
 */
import type { PostActionsProps } from '../entities/post/ui/post-card-context';
import { useIsOwnPost } from '../entities/post/ui/post-card-context';
import { MuteAccountButton } from '../features/mute/components/mute-account-button';
import { PostActions as PostFeatureActions } from '../features/posts/components/post-actions';
import { SaveButton } from '../features/saved/components/save-button';

// The Saved page's loader rides in this chunk (loaded after the first content on every page with
// posts): its chunk's name and preload list live here, not in the first load (the feed's budget).
// route-modules.ts takes it from here.
export const loadSavedRoute = () => import('./routes/saved').then((m) => m.SavedRoute);
// Settings' export and import of an account's data (device-data/device-data.ts) too: the saved
// posts' store it reads and writes is in this chunk, so it is not split into a chunk of its own,
// whose name the first load's preload lists would carry.
export const loadDeviceData = () => import('./device-data/device-data');

export function PostActions({ post, onDeleted }: PostActionsProps) {
  const own = useIsOwnPost(post);
  return (
    <PostFeatureActions
      post={post}
      own={own}
      onDeleted={onDeleted}
      every={<SaveButton postId={post.id} />}
      others={post.author && <MuteAccountButton user={post.author} />}
    />
  );
}
