import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { updateProfile, type UpdateProfileInput } from '../../../lib/api/profile';
import type { Post, Profile } from '../../../lib/api/schemas';
import { meQueries } from '../../../entities/account/queries';
import { forAccount, useAccountToken } from '../../../entities/account/for-account';
import { accountOf, tokenStore } from '../../../entities/account/token-store';
import { postQueries } from '../../../entities/post/queries';
import { userQueries } from './queries';

/**
 * On success the change shows everywhere at once: the account's record (the menu; its data stays
 * where it is, under the account's local id), the header (me), the profile page (user detail,
 * refetched) and every cached post whose author is this person. Bound to the account that saved:
 * an answer that lands after another account took over the tab changes only the saving account
 * (entities/account/for-account.ts).
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const token = useAccountToken();
  return useMutation({
    mutationKey: ['profile', 'update'],
    mutationFn: (input: UpdateProfileInput) => updateProfile(api(), input, token ? { token } : {}),
    onSuccess: (updated: Profile) => {
      if (token) tokenStore.note({ username: updated.username, name: updated.displayName }, token);
      forAccount(token, () => {
        queryClient.setQueryData(meQueries.profile().queryKey, updated);
        const uuid = accountOf(token ?? undefined)?.uuid;
        if (!uuid) return;
        void queryClient.invalidateQueries({ queryKey: userQueries.detail(uuid).queryKey, exact: true });
        queryClient.setQueriesData<Post>({ queryKey: postQueries.details() }, (post) =>
          post?.author?.uuid === uuid
            ? { ...post, author: { ...post.author, username: updated.username, displayName: updated.displayName, pfp: updated.pfp } }
            : post,
        );
      });
    },
  });
}
