/**
 * Every signed-in account gets its name in the menu. Who an account is comes with who-am-I, asked
 * for the account in use (entities/account/use-me.ts); an account that stopped being in use before
 * its answer came (Alice signs in and adds Bob at once: the switch empties the query cache, her
 * question with it) would stay "account 1" for the whole visit. Here each such account is asked, with
 * its own token, until it answers (1 s, 2 s, 4 s … at most 30 s apart), and its record learns it.
 * A token the server refuses is not asked again (a 401 for an account not in use signs it out when
 * it is next used). Started whenever another account is put in use (switch-account.ts).
 */
import { tokenStore } from '../../entities/account/token-store';
import { isApiError } from '../../lib/api/api-error';
import { api } from '../../lib/api/client';
import { getOwnProfile } from '../../lib/api/profile';

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

let running = false;

export function nameOtherAccounts(delay = FIRST_DELAY_MS): void {
  if (running) return;
  const refused = new Set<string>();
  const nameless = () => tokenStore.get().accounts.filter((a) => !a.username && a.token !== tokenStore.getToken() && !refused.has(a.token));
  if (nameless().length === 0) return;
  running = true;
  void Promise.all(
    nameless().map(async ({ token }) => {
      try {
        const profile = await getOwnProfile(api(), { token });
        tokenStore.note({ username: profile.username, name: profile.displayName }, token);
      } catch (error) {
        if (isApiError(error) && (error.kind === 'unauthorized' || error.kind === 'forbidden')) refused.add(token);
      }
    }),
  ).then(() => {
    running = false;
    if (nameless().length > 0) setTimeout(() => nameOtherAccounts(Math.min(delay * 2, MAX_DELAY_MS)), delay);
  });
}
