/**
 * The part of muting the feed's first load carries: whether an account keeps any mutes (one storage
 * read), and a revision that every change bumps. The stored lists, their validation and the word
 * matcher (mute-store.ts, match.ts) load on demand, and only for an account that has mutes. Mutes
 * are kept as the account's `mutes` (entities/account/account-data.ts), of the account in use.
 */
import { accountDataRevision, anyAccountHas, readAccountData } from '../account/account-data';

/** Bumped on every change of any account's data (here or in another tab): readers read again. */
export const muteRevision = accountDataRevision;

/**
 * Whether the account `id` keeps any mutes here (the store removes the entry when it empties); with
 * no account known yet, whether any account does.
 */
export const hasStoredMutes = (id: string | null): boolean => (id === null ? anyAccountHas('mutes') : readAccountData(id, 'mutes') !== null);
