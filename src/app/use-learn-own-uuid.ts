/**
 * The accounts list learns who the account in use is, from who-am-I: the menu names it, and its local
 * id (which every per-account store reads under, entities/account) follows. Before paint: a feed
 * rendered in the same commit filters its muted posts at once instead of showing its loading state
 * for a frame. Its uuid is learned from its posts, after the first content (learn-own-uuid.tsx).
 */
import { useLayoutEffect } from 'react';
import { useMe } from '../entities/account/use-me';
import { useSession } from '../entities/account/use-session';
import { tokenStore } from '../entities/account/token-store';

export function useLearnOwnUuid(): void {
  const { signedIn } = useSession();
  const me = useMe();
  const username = signedIn ? me.data?.username : undefined;
  const name = me.data?.displayName ?? '';
  useLayoutEffect(() => {
    if (username) tokenStore.note({ username, name });
  }, [username, name]);
}
