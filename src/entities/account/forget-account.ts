/**
 * Removing what this device keeps for an account (sign-out with "Also remove…", Settings): loaded with
 * the sign-out page, not the first page.
 */
import { safeStorage } from '../../lib/safe-storage';
import { changed, PREFIX } from './account-data';
import { readDeviceAccounts, writeDeviceAccounts } from './device-accounts';

const local = safeStorage('local');

/** Every key of the account `id` (localStorage), whatever its kind. */
export function accountKeys(id: string): string[] {
  const keys: string[] = [];
  try {
    const store = window.localStorage;
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key?.startsWith(`${PREFIX}${id}:`)) keys.push(key);
    }
  } catch {
    // Storage unavailable: nothing was kept there.
  }
  return keys;
}

/** Removes everything this device keeps for the account `id`, and its record. */
export function forgetAccountData(id: string): void {
  for (const key of accountKeys(id)) local.remove(key);
  const list = readDeviceAccounts();
  if (list.some((a) => a.id === id)) writeDeviceAccounts(list.filter((a) => a.id !== id));
  changed();
}
