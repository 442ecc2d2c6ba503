/**
 * One home for each account's data on this device. Every account seen here gets a local id the
 * first time (device-accounts.ts), found again by its uuid once known, else by its username exactly
 * ("Ada" is not "ada"). Everything the app keeps for an account lives under that id, one key per
 * kind: `social.account:<id>:<kind>`. A rename changes the account's record and moves nothing;
 * signing out with "remove" deletes every key of the id and the record (forget-account.ts). No
 * other module names a per-account key (README, "Where the data lives"). This part is what every
 * page reads; the writes (account-data-writes.ts), the records and the removal load on demand.
 *
 * Tokens never come here: they stay in sessionStorage, with the tab's accounts (token-store.ts).
 */
import { createStore } from '../../lib/external-store';
import { safeStorage } from '../../lib/safe-storage';

export const local = safeStorage('local');

export const PREFIX = 'social.account:';

/** What is kept per account. A new kind adds a name here (and to the data file, app/device-data/data-file.ts). */
export type AccountDataKind = 'drafts' | 'mutes' | 'replies' | 'prefs' | 'saved' | 'lastSeen';

/** Where `kind` of the account `id` is kept (localStorage). */
export const accountKey = (id: string, kind: AccountDataKind): string => `${PREFIX}${id}:${kind}`;

/** Bumped by every change of any account's data, here or in another tab, and of the account in use (token-store.ts): readers read again. */
export const accountDataRevision = createStore(0);
export const changed = (): void => accountDataRevision.set(accountDataRevision.get() + 1);

/** What is kept of `kind` for the account `id`; null for none (or no account). */
export const readAccountData = (id: string | null | undefined, kind: AccountDataKind): string | null =>
  id ? local.get(accountKey(id, kind)) : null;

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith(PREFIX)) changed();
  });
}

/** Whether any account keeps `kind` on this device. */
export function anyAccountHas(kind: AccountDataKind): boolean {
  try {
    return Object.keys(window.localStorage).some((key) => key.startsWith(PREFIX) && key.endsWith(`:${kind}`));
  } catch {
    return false;
  }
}
