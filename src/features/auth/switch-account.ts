/**
 * Another signed-in account takes over the tab (loaded with the account menu, not the first page).
 * The order is what keeps one account's data from ever showing as another's: the account in use
 * writes its persisted cache now (a switch back paints it at once), the query cache is emptied, the
 * new account's persisted cache (if any) is put in, and only then does the account in use change,
 * which re-renders the pages (they start afresh: app/layout.tsx keys them by the change).
 */
import type { QueryClient } from '@tanstack/react-query';
import { meQueries } from '../../entities/account/queries';
import { tokenStore, type Account } from '../../entities/account/token-store';
import { t } from '../../i18n/i18n';
import type { Profile } from '../../lib/api/schemas';
import { restoreQueryCache } from '../../lib/query-persistence';
import { nameOtherAccounts } from './name-accounts';
import { handOverPersistedCache } from '../../lib/query-persistence-writer';

/** How the menu names an account: "Ada Lovelace (@ada)", "@ada" before its name is known, else by its place. */
export function accountLabel(account: Pick<Account, 'username' | 'name'>, index: number): string {
  if (!account.username) return t('accounts.unnamed', { number: index + 1 });
  return account.name ? t('accounts.named', { name: account.name, username: account.username }) : t('accounts.handle', { username: account.username });
}

/**
 * Puts the account with `token` in use: one already signed in, or (with `profile`, its who-am-I
 * answer) one just added. "Now using @ada" is the notice the page announces.
 */
export function putAccountInUse(queryClient: QueryClient, token: string, profile?: Profile | null): void {
  const { accounts } = tokenStore.get();
  const index = accounts.findIndex((a) => a.token === token);
  const known = accounts[index];
  const username = profile?.username ?? known?.username;
  const notice = t('accounts.nowUsing', {
    name: username ? t('accounts.handle', { username }) : accountLabel({}, index < 0 ? accounts.length : index),
  });
  if (token !== tokenStore.getToken()) {
    handOverPersistedCache();
    queryClient.clear();
    restoreQueryCache(queryClient, token);
    if (profile) queryClient.setQueryData(meQueries.profile().queryKey, profile);
  }
  tokenStore.signIn(token, notice);
  if (profile) tokenStore.note({ username: profile.username, name: profile.displayName }, token);
  // The one that was in use may not have said who it is yet (added at once after signing in).
  nameOtherAccounts();
}
