import type { QueryClient } from '@tanstack/react-query';
import { clearPersistedQueryCache, restoreQueryCache } from '../../lib/query-persistence';
import { tokenStore } from '../../entities/account/token-store';
import { forgetAccountData } from '../../entities/account/forget-account';

/**
 * Signing out forgets the token, who the person is (its own uuid goes with its place in the accounts list), and every answer fetched with the token (kept
 * for a reload too): of the account in use, whose place the next signed-in account takes (its
 * persisted cache painting at once), or with `all` of every account in this tab. With `remove`,
 * everything this device keeps for the accounts signing out goes too (entities/account/account-data.ts:
 * drafts, mutes, replies, settings), after they are signed out, so nothing writes it back.
 */
export function signOut(
  queryClient: QueryClient,
  { all = false, remove = false, notice = null }: { all?: boolean; remove?: boolean; /** Why, on the page (signed out in another tab). */ notice?: string | null } = {},
): void {
  const { accounts, token } = tokenStore.get();
  const leaving = accounts.filter((account) => all || account.token === token);
  for (const account of leaving) clearPersistedQueryCache(account.token);
  queryClient.clear();
  if (all) tokenStore.signOutAll();
  else tokenStore.signOut(undefined, notice);
  if (remove) for (const { id } of leaving) if (id) forgetAccountData(id);
  restoreQueryCache(queryClient, tokenStore.getToken());
}
