import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { deletePost } from '../../../lib/api/post-writes';
import { removePostFromFeed } from '../../../entities/post/feed-cache';
import { updateThroughFetch } from '../../../lib/update-through-fetch';
import type { Post } from '../../../lib/api/schemas';
import { postQueries } from '../../../entities/post/queries';
import { forAccount, useAccountToken } from '../../../entities/account/for-account';

/** After a delete the post is gone from every cache that lists it: its own entry, its parent's replies and the feed. */
export function forgetPost(queryClient: QueryClient, id: string) {
  const key = postQueries.detail(id).queryKey;
  const post = queryClient.getQueryData(key);
  removePostFromFeed(queryClient, id);
  queryClient.removeQueries({ queryKey: key, exact: true });
  if (post?.parentId) {
    updateThroughFetch<Post>(queryClient, postQueries.detail(post.parentId).queryKey, (parent) =>
      parent.replies.includes(id) ? { ...parent, replies: parent.replies.filter((r) => r !== id) } : parent,
    );
  }
}

/** An answer that lands after another account took over touches only the starting account's data. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  const token = useAccountToken();
  return useMutation({
    mutationKey: ['posts', 'delete'],
    mutationFn: ({ id, reason }: { id: string; reason?: string }) => deletePost(api(), id, { reason }),
    onSuccess: (_result, { id }) => forAccount(token, () => forgetPost(queryClient, id)),
  });
}
