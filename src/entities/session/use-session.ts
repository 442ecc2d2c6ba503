import { useSyncExternalStore } from 'react';
import { tokenStore, type TokenState } from './token-store';

export function useSession(): TokenState & { signedIn: boolean } {
  const state = useSyncExternalStore(tokenStore.subscribe, tokenStore.getState, tokenStore.getState);
  return { ...state, signedIn: state.token !== null };
}
