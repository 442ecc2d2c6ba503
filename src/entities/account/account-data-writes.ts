/**
 * Writing an account's data (account-data.ts reads it): only the stores that change something (the
 * drafts, mutes, replies seen, saved posts, "last seen", preferences) and a device-data import do,
 * all loaded after the first content, so this stays out of the first load's core chunk (vite.config.ts).
 */
import { accountKey, changed, local, type AccountDataKind } from './account-data';

/** Keeps `value` as `kind` of the account `id` (null removes it). Nothing is kept without an account. */
export function writeAccountData(id: string | null | undefined, kind: AccountDataKind, value: string | null): void {
  if (!id) return;
  if (value === null) local.remove(accountKey(id, kind));
  else local.set(accountKey(id, kind), value);
  changed();
}

