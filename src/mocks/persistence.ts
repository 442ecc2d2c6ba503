/**
 * Keeps the browser mock's state across reloads: the whole snapshot under one localStorage key,
 * written after every mutation. A missing, unreadable or foreign entry means "start from the seed".
 */
import { isMockDbSnapshot } from './db';
import type { MockDb } from './db';

export const MOCK_DB_STORAGE_KEY = 'social.mock-db.v1';

/** Restores a saved snapshot into db; true when one was found and used. */
export function loadPersistedDb(db: MockDb, storage: Storage): boolean {
  let raw: string | null;
  try {
    raw = storage.getItem(MOCK_DB_STORAGE_KEY);
  } catch {
    return false;
  }
  if (!raw) return false;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isMockDbSnapshot(parsed)) throw new Error('stale');
    db.restore(parsed);
    return true;
  } catch {
    storage.removeItem(MOCK_DB_STORAGE_KEY);
    return false;
  }
}

/** Saves after every mutation; returns the unsubscribe function. */
export function persistDb(db: MockDb, storage: Storage): () => void {
  return db.subscribe(() => {
    try {
      storage.setItem(MOCK_DB_STORAGE_KEY, JSON.stringify(db.snapshot()));
    } catch {
      // Quota or privacy mode: the mock keeps working in memory for this page load.
    }
  });
}

export function clearPersistedDb(storage: Storage): void {
  try {
    storage.removeItem(MOCK_DB_STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing was persisted either.
  }
}
