import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { updatePost, type UpdatePostInput } from '../../../lib/api/posts';
import type { Post } from '../../../lib/api/schemas';
import { postQueries } from './queries';

export const updatePostKey = (id: string) => ['posts', 'update', id] as const;

/**
 * Edits and toggles of one post. Lock and nsfw are optimistic (cancel, snapshot, write, roll back
 * on error); when the last update of this post settles, the post is refetched so that rapid
 * toggles end in whatever state the server holds.
 */
export function useUpdatePost(id: string) {
  const queryClient = useQueryClient();
  const key = postQueries.detail(id).queryKey;
  return useMutation({
    mutationKey: updatePostKey(id),
    mutationFn: (input: UpdatePostInput) => updatePost(api(), id, input),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData(key);
      if (input.lock != null || input.nsfw != null) {
        queryClient.setQueryData(key, (post) =>
          post ? { ...post, lock: input.lock ?? post.lock, nsfw: input.nsfw ?? post.nsfw } : post,
        );
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (updated, input) => {
      queryClient.setQueryData(key, (post): Post | undefined =>
        post
          ? {
              ...post,
              content: updated.content,
              lock: updated.lock,
              nsfw: updated.nsfw,
              edited: input.content != null ? { edited: true, at: Date.now() } : post.edited,
            }
          : post,
      );
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: updatePostKey(id) }) === 1) {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
    },
  });
}
