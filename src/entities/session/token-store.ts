/**
 * The API token lives in sessionStorage only (never localStorage, a URL or a log), behind this
 * one module. `expire` is what a 401 anywhere calls: the token goes, and the sign-in page says why.
 */
import { safeStorage } from '../../lib/safe-storage';

const KEY = 'social.api-token';
const storage = safeStorage('session');

export interface TokenState {
  token: string | null;
  /** Why the person was signed out, shown on the sign-in page. */
  notice: string | null;
}

let state: TokenState = { token: storage.get(KEY), notice: null };
const listeners = new Set<() => void>();

function emit(next: TokenState) {
  state = next;
  for (const listener of listeners) listener();
}

export const tokenStore = {
  getToken: (): string | null => state.token,
  getState: (): TokenState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(token: string) {
    storage.set(KEY, token);
    emit({ token, notice: null });
  },
  signOut() {
    storage.remove(KEY);
    emit({ token: null, notice: null });
  },
  expire(notice = 'Your token was not accepted any more. Please sign in again.') {
    if (state.token === null && state.notice === notice) return;
    storage.remove(KEY);
    emit({ token: null, notice });
  },
  /** Re-read storage (tests, and a second tab's sign-in is not shared: sessionStorage is per tab). */
  reload() {
    emit({ token: storage.get(KEY), notice: null });
  },
};
