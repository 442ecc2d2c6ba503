/**
 * The API token lives in sessionStorage only (never localStorage, a URL or a log), behind this
 * one module. `expire` is what a 401 anywhere calls: the token goes, and the sign-in page says why.
 */
import { createStore } from '../../lib/external-store';
import { safeStorage } from '../../lib/safe-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';

const KEY = STORAGE_KEYS.token;
const storage = safeStorage('session');

export interface TokenState {
  token: string | null;
  /** Why the person was signed out, shown on the sign-in page. */
  notice: string | null;
}

const state = createStore<TokenState>({ token: storage.get(KEY), notice: null });

export const tokenStore = {
  get: state.get,
  subscribe: state.subscribe,
  getToken: (): string | null => state.get().token,
  signIn(token: string) {
    storage.set(KEY, token);
    state.set({ token, notice: null });
  },
  signOut() {
    storage.remove(KEY);
    state.set({ token: null, notice: null });
  },
  expire(notice = 'Your token was not accepted any more. Please sign in again.') {
    const { token, notice: shown } = state.get();
    if (token === null && shown === notice) return;
    storage.remove(KEY);
    state.set({ token: null, notice });
  },
};
