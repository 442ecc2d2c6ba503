/**
 * The highest post id this browser has seen, kept across visits so a return visit can show posts
 * at once and only probe upwards for newer ones. Not tied to a user: post ids are global.
 */
import { safeStorage } from '../../lib/safe-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';

const storage = safeStorage('local');
export const KNOWN_HEAD_KEY = STORAGE_KEYS.knownHead;

export function readKnownHead(): number {
  const raw = storage.get(KNOWN_HEAD_KEY);
  if (raw === null || !/^\d{1,15}$/.test(raw)) return 0;
  return Number(raw);
}

/** A post with this id exists: remember it when it is the highest seen. */
export function rememberSeenId(id: number): void {
  if (Number.isSafeInteger(id) && id > readKnownHead()) storage.set(KNOWN_HEAD_KEY, String(id));
}

/**
 * A head discovery confirmed this as the newest id. Stored even when lower than what was
 * remembered: everything above it is gone (or the service was reset), and starting the next
 * visit's downward scan above it would only walk through missing ids.
 */
export function confirmHead(id: number): void {
  if (Number.isSafeInteger(id) && id >= 0) storage.set(KNOWN_HEAD_KEY, String(id));
}
