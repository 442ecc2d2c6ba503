/**
 * Writes bound to the account that started them. A mutation notes its account's token when it
 * starts (the page it runs on renders for one account: app/layout.tsx keys the pages by the account
 * in use); its answer may land after another account took over the tab. Then the query cache on
 * screen is the other account's: nothing is written there, and the starting account's kept cache
 * (sessionStorage) is dropped, so its pages read afresh, with the change, when it is switched back to.
 */
import { useStore } from '../../lib/external-store';
import { clearPersistedQueryCache } from '../../lib/query-persistence';
import { tokenStore } from './token-store';

export function forAccount(token: string | null, write: () => void): void {
  if (token === tokenStore.getToken()) write();
  else if (token) clearPersistedQueryCache(token);
}

/** The token of the account this component renders for: what its mutations are bound to. */
export const useAccountToken = (): string | null => useStore(tokenStore).token;
