import { useQueryClient } from '@tanstack/react-query';
import { tokenStore } from '../../entities/account/token-store';
import { clearPersistedQueryCache } from '../../lib/query-persistence';
import { api } from '../../lib/api/client';
import { getOwnProfile } from '../../lib/api/profile';
import type { Profile } from '../../lib/api/schemas';
import { checkToken } from './sign-in-with-token';
import { putAccountInUse } from './switch-account';

/**
 * Add account: the token is checked (GET /v2/ping) as at sign-in, and who it is asked (who-am-I
 * with that token); the new account is then in use and the others stay signed in. A token of an
 * account already signed in (the same token, or the same username) just puts that account in use;
 * with a new token (a rotated one: people replace a leaked token so) the new one takes the old one's
 * place, and the old one is forgotten with its kept cache. A refused token changes nothing: the account in use stays. Resolves null on success, else why not;
 * `beforeUse` runs just before the account changes (to leave the page, say).
 */
export function useAddAccount({ beforeUse }: { beforeUse?: () => void } = {}): (token: string) => Promise<string | null> {
  const queryClient = useQueryClient();
  return async (token) => {
    const refusal = await checkToken(token);
    if (refusal) return refusal;
    let profile: Profile | null = null;
    try {
      profile = await getOwnProfile(api(), { token });
    } catch {
      // Who it is then comes with its first page, as after signing in.
    }
    const { accounts } = tokenStore.get();
    const same = accounts.find((a) => a.token === token) ?? accounts.find((a) => profile !== null && a.username === profile.username);
    // In the same task as the change of account: the page that follows renders once, as the new account's.
    beforeUse?.();
    if (same && same.token !== token) {
      clearPersistedQueryCache(same.token);
      if (tokenStore.getToken() !== same.token) putAccountInUse(queryClient, same.token, null);
      // The new token takes the old one's place: signed in anew, what is known of the account kept.
      const { token: _old, ...known } = tokenStore.find(same.token) ?? same;
      tokenStore.signIn(token, tokenStore.get().notice);
      tokenStore.note(known, token);
      tokenStore.signOut(same.token);
      return null;
    }
    putAccountInUse(queryClient, token, same ? null : profile);
    return null;
  };
}
