import type { QueryClient } from '@tanstack/react-query';
import { clearPersistedQueryCache, restoreQueryCache } from '../../lib/query-persistence';
import { tokenStore } from '../../entities/session/token-store';

/**
 * Signing out forgets the token, who the person is (its own uuid goes with its place in the accounts list), and every answer fetched with the token (kept
 * for a reload too): of the account in use, whose place the next signed-in account takes (its
 * persisted cache painting at once), or with `all` of every account in this tab.
 */
export function signOut(queryClient: QueryClient, { all = false }: { all?: boolean } = {}): void {
  const { accounts, token } = tokenStore.get();
  for (const account of accounts) {
    if (!all && account.token !== token) continue;
    clearPersistedQueryCache(account.token);
  }
  queryClient.clear();
  if (all) tokenStore.signOutAll();
  else tokenStore.signOut();
  restoreQueryCache(queryClient, tokenStore.getToken());
}

/** Navigation state the Sign out buttons set (with `all` for every account); a plain link to /sign-out cannot sign anyone out. */
export const SIGN_OUT_STATE = { signOut: true } as const;

export function isSignOutState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { signOut?: unknown }).signOut === true;
}
