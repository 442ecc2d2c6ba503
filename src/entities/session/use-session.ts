import { useStore } from '../../lib/external-store';
import { tokenStore, type TokenState } from './token-store';

export function useSession(): TokenState & { signedIn: boolean } {
  const state = useStore(tokenStore);
  return { ...state, signedIn: state.token !== null };
}
