/** The signed-in account's preferences are the ones in force (src/lib/preferences.ts); signed out, none. */
import { useEffect } from 'react';
import { useMe } from '../entities/session/use-me';
import { useSession } from '../entities/session/use-session';
import { preferences } from '../lib/preferences';

export function usePreferencesAccount(): void {
  const { signedIn } = useSession();
  const me = useMe();
  const username = signedIn ? (me.data?.username ?? null) : null;
  useEffect(() => preferences.setAccount(username), [username]);
}
