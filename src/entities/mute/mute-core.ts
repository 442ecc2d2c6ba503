/**
 * The part of muting the feed's first load carries: where an account's mutes are kept, whether an
 * account keeps any (one storage read), and a revision that every change bumps. The stored lists,
 * their validation and the word matcher (mute-store.ts, match.ts) load on demand, and only for an
 * account that has mutes. Mutes are the account's whose preferences are in force
 * (lib/preferences.ts: the account in use).
 */
import { createStore } from '../../lib/external-store';
import { safeStorage } from '../../lib/safe-storage';
import { ANY_MUTES_KEY, MUTES_KEY_PREFIX } from '../../lib/storage-keys';

export const mutesStorage = safeStorage('local');

/** Where an account's mutes are kept: by its username, exactly (as its drafts and preferences are). */
export const mutesKey = (account: string): string => MUTES_KEY_PREFIX + account;

/** Bumped on every change of any account's mutes (here or in another tab): readers read again. */
export const muteRevision = createStore(0);

/**
 * Whether this account keeps any mutes here (the store removes the entry when it empties); with no
 * account known yet, whether any account does.
 */
export const hasStoredMutes = (account: string | null): boolean =>
  mutesStorage.get(account === null ? ANY_MUTES_KEY : mutesKey(account)) !== null;
