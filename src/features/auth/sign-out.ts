import type { QueryClient } from '@tanstack/react-query';
import { clearPersistedQueryCache } from '../../lib/query-persistence';
import { ownUuidStore } from '../../entities/session/own-uuid';
import { tokenStore } from '../../entities/session/token-store';

/** Signing out forgets the token, who the person is, and every answer fetched with the token (kept for a reload too). */
export function signOut(queryClient: QueryClient): void {
  tokenStore.signOut();
  ownUuidStore.clear();
  clearPersistedQueryCache();
  queryClient.clear();
}

/** Navigation state the Sign out button sets; a plain link to /sign-out cannot sign anyone out. */
export const SIGN_OUT_STATE = { signOut: true } as const;

export function isSignOutState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { signOut?: unknown }).signOut === true;
}
