/**
 * Saved posts, per account, on this device only: the account's `saved` (account-data.ts), a JSON
 * array of post ids, the most recently saved first. Saving sends no request. What is stored in
 * another shape is ignored (nothing saved), never trusted.
 */
import { useSyncExternalStore } from 'react';
import { accountDataRevision, readAccountData } from '../../entities/account/account-data';
import { writeAccountData } from '../../entities/account/account-data-writes';
import { accountIdOf } from '../../entities/account/token-store';

/** Kept at most; the oldest saved leave first beyond it. */
export const SAVED_LIMIT = 1000;

// Checked by hand: zod lives in the first load's chunk, and each check it has not used yet would grow it.
const POST_ID = /^\d{1,20}$/;
const isSavedList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length <= SAVED_LIMIT * 2 && value.every((id) => typeof id === 'string' && POST_ID.test(id));

const EMPTY: readonly string[] = Object.freeze([]);
let lastRaw: string | null = null;
let lastIds: readonly string[] = EMPTY;

/** Parses what is stored; anything else is nothing saved. */
export function parseSaved(raw: string | null): readonly string[] {
  if (raw === null) return EMPTY;
  if (raw === lastRaw) return lastIds;
  let ids: readonly string[] = EMPTY;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isSavedList(parsed)) ids = [...new Set(parsed)].slice(0, SAVED_LIMIT);
  } catch {
    ids = EMPTY;
  }
  lastRaw = raw;
  lastIds = ids;
  return ids;
}

/** The post ids `id` has saved, the most recently saved first. */
export const readSaved = (id: string | null = accountIdOf()): readonly string[] => parseSaved(readAccountData(id, 'saved'));

/** Keeps `ids` as the account's saved posts (none: the key goes). */
export function writeSaved(ids: readonly string[], id: string | null = accountIdOf()): void {
  writeAccountData(id, 'saved', ids.length ? JSON.stringify(ids.slice(0, SAVED_LIMIT)) : null);
}

/** Saves `postId` (first in the list) or, saved, removes it. Returns whether it is saved now. */
export function toggleSaved(postId: string, id: string | null = accountIdOf()): boolean {
  const ids = readSaved(id);
  if (ids.includes(postId)) {
    writeSaved(
      ids.filter((saved) => saved !== postId),
      id,
    );
    return false;
  }
  writeSaved([postId, ...ids], id);
  return true;
}

/** Removes `postId` from the account's saved posts. */
export function removeSaved(postId: string, id: string | null = accountIdOf()): void {
  const ids = readSaved(id);
  if (ids.includes(postId)) writeSaved(
    ids.filter((saved) => saved !== postId),
    id,
  );
}

const current = () => readSaved();

/** The account in use's saved post ids; re-read on every change of the account or its data (any tab). */
export function useSaved(): readonly string[] {
  return useSyncExternalStore(accountDataRevision.subscribe, current, current);
}
