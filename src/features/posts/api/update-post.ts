import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { updatePost, type UpdatePostInput } from '../../../lib/api/post-writes';
import type { Post } from '../../../lib/api/schemas';
import { postQueries } from '../../../entities/post/queries';
import { forAccount, useAccountToken } from '../../../entities/account/for-account';

export const updatePostKey = (id: string) => ['posts', 'update', id] as const;

/**
 * Edits and toggles of one post. Lock and nsfw are optimistic (cancel, snapshot, write, roll back
 * on error); when the last update of this post settles, the post is refetched so that rapid
 * toggles end in whatever state the server holds.
 *
 * While other updates of the post are in flight, a settling one leaves lock and nsfw alone: an
 * early answer (or an early rollback) would otherwise overwrite the later clicks' optimistic
 * state, and the button would flip under the person's pointer so the next click asks for the
 * opposite of what they see. The last one to settle writes (or rolls back), then refetches.
 * Whatever settles after another account took over the tab touches only the starting account's
 * data (entities/account/for-account.ts).
 */
export function useUpdatePost(id: string) {
  const queryClient = useQueryClient();
  const token = useAccountToken();
  const key = postQueries.detail(id).queryKey;
  // Counted inside the callbacks, where the settling mutation itself is still pending.
  const othersInFlight = () => queryClient.isMutating({ mutationKey: updatePostKey(id) }) > 1;
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
    onError: (_error, _input, context) =>
      forAccount(token, () => {
        if (context?.previous && !othersInFlight()) queryClient.setQueryData(key, context.previous);
      }),
    onSuccess: (updated, input) =>
      forAccount(token, () => {
        const flags = othersInFlight() ? {} : { lock: updated.lock, nsfw: updated.nsfw };
        queryClient.setQueryData(key, (post): Post | undefined =>
          post
            ? {
                ...post,
                ...flags,
                content: updated.content,
                edited: input.content != null ? { edited: true, at: Date.now() } : post.edited,
              }
            : post,
        );
      }),
    onSettled: () =>
      forAccount(token, () => {
        if (!othersInFlight()) void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }),
  });
}
