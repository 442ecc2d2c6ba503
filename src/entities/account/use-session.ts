import { useStore } from '../../lib/external-store';
import { tokenStore, type TokenState } from './token-store';

export function useSession(): TokenState & { signedIn: boolean } {
  const state = useStore(tokenStore);
  return { ...state, signedIn: state.token !== null };
}

/**
 * The account in use, by its username once who-am-I has told it (null when signed out or not known
 * yet): what per-account data is keyed by. Re-renders when another account takes over.
 */
export function useAccountInUse(): string | null {
  const { token, accounts } = useStore(tokenStore);
  return accounts.find((a) => a.token === token)?.username ?? null;
}
