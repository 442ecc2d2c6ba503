/**
 * Local preferences (this browser only), per account: what one account chose never applies to
 * another signed in on the same browser. Kept as the account's `prefs` (account-data.ts), a JSON
 * object; signed out, or before the account is known, every preference is at its default.
 * Reading them here; changing them in preference-writes.ts, loaded with what offers the change.
 */
import { useSyncExternalStore } from 'react';
import { accountDataRevision, readAccountData } from './account-data';
import { accountIdOf } from './token-store';

export interface Preferences {
  alwaysShowSensitive: boolean;
}

/** The account's preferences; what is missing or of another shape is at its default. */
export function readPreferences(id: string | null = accountIdOf()): Preferences {
  try {
    const stored: unknown = JSON.parse(readAccountData(id, 'prefs') ?? '{}');
    return { alwaysShowSensitive: (stored as Partial<Preferences> | null)?.alwaysShowSensitive === true };
  } catch {
    return { alwaysShowSensitive: false };
  }
}

const alwaysShowSensitive = () => readPreferences().alwaysShowSensitive;

/** The account in use's choice; re-read on every change of the account in use or of any account's data. */
export function useAlwaysShowSensitive(): boolean {
  return useSyncExternalStore(accountDataRevision.subscribe, alwaysShowSensitive, alwaysShowSensitive);
}
