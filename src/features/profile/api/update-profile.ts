import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { updateProfile, type UpdateProfileInput } from '../../../lib/api/profile';
import type { Post, Profile } from '../../../lib/api/schemas';
import { meQueries } from '../../../entities/session/queries';
import { ownUuidStore } from '../../../entities/session/own-uuid';
import { postQueries } from '../../../entities/post/queries';
import { userQueries } from './queries';

/**
 * On success the change shows everywhere at once: the header (me), the profile page (user
 * detail, refetched) and every cached post whose author is this person.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['profile', 'update'],
    mutationFn: (input: UpdateProfileInput) => updateProfile(api(), input),
    onSuccess: (updated: Profile) => {
      queryClient.setQueryData(meQueries.profile().queryKey, updated);
      const uuid = ownUuidStore.get()?.uuid;
      if (!uuid) return;
      // The uuid was learned under the old username; keep it under the new one.
      ownUuidStore.learn(updated.username, uuid);
      void queryClient.invalidateQueries({ queryKey: userQueries.detail(uuid).queryKey, exact: true });
      queryClient.setQueriesData<Post>({ queryKey: postQueries.details() }, (post) =>
        post?.author?.uuid === uuid
          ? { ...post, author: { ...post.author, username: updated.username, displayName: updated.displayName, pfp: updated.pfp } }
          : post,
      );
    },
  });
}
