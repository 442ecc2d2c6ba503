import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { updateProfile, type UpdateProfileInput } from '../../../lib/api/profile';
import type { Post, Profile } from '../../../lib/api/schemas';
import { moveDrafts } from '../../../entities/draft/draft-store';
import { moveMutes } from '../../../entities/mute/mute-store';
import { moveRepliesState } from '../../../entities/replies/replies-store';
import { sensitiveKey } from '../../../lib/preferences';
import { safeStorage } from '../../../lib/safe-storage';
import { meQueries } from '../../../entities/session/queries';
import { ownUuidStore } from '../../../entities/session/own-uuid';
import { postQueries } from '../../../entities/post/queries';
import { userQueries } from './queries';

/**
 * On success the change shows everywhere at once: the header (me), the profile page (user
 * detail, refetched) and every cached post whose author is this person; a new username takes
 * this person's drafts along.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['profile', 'update'],
    mutationFn: (input: UpdateProfileInput) => updateProfile(api(), input),
    onSuccess: (updated: Profile) => {
      const meKey = meQueries.profile().queryKey;
      // Drafts are kept per username: they follow a rename. Moved before the new name is known
      // anywhere, so a composer that opens under it finds them.
      const previous = queryClient.getQueryData(meKey)?.username;
      if (previous) moveDrafts(previous, updated.username);
      // And mutes (features/mute), the same way.
      if (previous) moveMutes(previous, updated.username);
      // And the replies to you (your post ids, what was seen): replaced under the new name, as drafts are.
      if (previous) moveRepliesState(previous, updated.username);
      // So are preferences (lib/preferences.ts; in force under the new name once `me` says it), and
      // as with drafts, what the device kept under the new name is replaced, not merged.
      const from = sensitiveKey(previous ?? '');
      const to = sensitiveKey(updated.username);
      if (previous && from !== to) {
        const local = safeStorage('local');
        const choice = local.get(from);
        local.remove(from);
        if (choice === null) local.remove(to);
        else local.set(to, choice);
      }
      queryClient.setQueryData(meKey, updated);
      const uuid = ownUuidStore.of(previous);
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
