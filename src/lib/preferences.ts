/**
 * Local preferences (this browser only), per account: what one account chose never applies to
 * another signed in on the same browser. Signed out (or before the account is known) every
 * preference is at its default.
 */
import { createStore, useStore, type ReadableStore } from './external-store';
import { safeStorage } from './safe-storage';

const storage = safeStorage('local');

/**
 * The account whose preferences are in force: its username, exactly as drafts are kept ("Ada" is
 * not "ada"). Mutes (entities/mute) are kept for this account too.
 */
const account = createStore<string | null>(null);
export const preferencesAccount: ReadableStore<string | null> = account;
const alwaysShowSensitive = createStore(false);

export function sensitiveKey(username: string): string {
  // Not the key without an account: before preferences were per account, that one served them all.
  return `social.always-show-sensitive:${username}`;
}

function readSensitive(): boolean {
  const username = account.get();
  return username !== null && storage.get(sensitiveKey(username)) === 'true';
}

export const preferences = {
  /** Whose preferences apply: the signed-in account's username, or null when signed out or not known yet. */
  setAccount(username: string | null) {
    account.set(username || null);
    alwaysShowSensitive.set(readSensitive());
  },
  /** Saved for the account in force; with none, nothing is saved (the setting is not offered then). */
  setAlwaysShowSensitive(value: boolean) {
    const username = account.get();
    if (username === null) return;
    storage.set(sensitiveKey(username), String(value));
    alwaysShowSensitive.set(value);
  },
  /** Tests: re-read storage (module state outlives a test; storage is cleared between them). */
  reload() {
    alwaysShowSensitive.set(readSensitive());
  },
};

export function useAlwaysShowSensitive(): boolean {
  return useStore(alwaysShowSensitive);
}

