/**
 * A post's actions as the cards show them (app/post-card-provider.tsx loads this after the first
 * content): the post feature's (share; on one's own post the author's), and on anyone else's the
 * mute feature's "Mute @name".
 */
import type { PostActionsProps } from '../entities/post/ui/post-card-context';
import { useIsOwnPost } from '../entities/post/ui/post-card-context';
import { MuteAccountButton } from '../features/mute/components/mute-account-button';
import { PostActions as PostFeatureActions } from '../features/posts/components/post-actions';

export function PostActions({ post, onDeleted }: PostActionsProps) {
  const own = useIsOwnPost(post);
  return (
    <PostFeatureActions post={post} own={own} onDeleted={onDeleted} others={post.author && <MuteAccountButton user={post.author} />} />
  );
}
