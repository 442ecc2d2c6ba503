/**
 * Every signed-in account gets its name in the menu. Who an account is comes with who-am-I, asked
 * for the account in use (entities/account/use-me.ts); an account that stopped being in use before
 * its answer came (Alice signs in and adds Bob at once: the switch empties the query cache, her
 * question with it) would stay "account 1" for the whole visit. Here each such account is asked, with
 * its own token, until it answers (1 s, 2 s, 4 s … at most 30 s apart), and its record learns it.
 * A token the server refuses is not asked again (a 401 for an account not in use signs it out when
 * it is next used). Loaded by the account menu only while some account other than the one in use
 * is nameless.
 */
import { useEffect } from 'react';
import { tokenStore } from '../../entities/account/token-store';
import { useSession } from '../../entities/account/use-session';
import { isApiError } from '../../lib/api/api-error';
import { api } from '../../lib/api/client';
import { getOwnProfile } from '../../lib/api/profile';

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

export function NameAccounts() {
  const { accounts, token: inUse } = useSession();
  const nameless = accounts
    .filter((a) => !a.username && a.token !== inUse)
    .map((a) => a.token)
    .join('\n');
  useEffect(() => {
    if (!nameless) return;
    const controller = new AbortController();
    const pending = new Set(nameless.split('\n'));
    let delay = FIRST_DELAY_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      await Promise.all(
        [...pending].map(async (token) => {
          try {
            const profile = await getOwnProfile(api(), { token, signal: controller.signal });
            pending.delete(token);
            tokenStore.note({ username: profile.username, name: profile.displayName }, token);
          } catch (error) {
            if (isApiError(error) && (error.kind === 'unauthorized' || error.kind === 'forbidden')) pending.delete(token);
          }
        }),
      );
      if (pending.size === 0 || controller.signal.aborted) return;
      timer = setTimeout(() => void ask(), delay);
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    };
    void ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [nameless]);
  return null;
}
