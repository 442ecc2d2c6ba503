/**
 * There is no "who am I" that returns a uuid: it is learned from the first post whose author
 * has the signed-in username, and kept for the session.
 */
import { useSyncExternalStore } from 'react';
import { safeStorage } from '../../lib/safe-storage';

const storage = safeStorage('session');
const KEY = 'social.own-uuid';
const listeners = new Set<() => void>();

function read(): { username: string; uuid: string } | null {
  const raw = storage.get(KEY);
  if (!raw) return null;
  const at = raw.indexOf('\n');
  return at > 0 ? { username: raw.slice(0, at), uuid: raw.slice(at + 1) } : null;
}

let snapshot = read();

export const ownUuidStore = {
  get: () => snapshot,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  learn(username: string, uuid: string) {
    if (snapshot?.username === username && snapshot.uuid === uuid) return;
    storage.set(KEY, `${username}\n${uuid}`);
    snapshot = { username, uuid };
    listeners.forEach((l) => l());
  },
  clear() {
    storage.remove(KEY);
    snapshot = null;
    listeners.forEach((l) => l());
  },
};

/** The signed-in person's uuid once known; null until a post of theirs has been seen. */
export function useOwnUuid(username: string | undefined): string | null {
  const known = useSyncExternalStore(ownUuidStore.subscribe, ownUuidStore.get, ownUuidStore.get);
  return known && username && known.username.toLowerCase() === username.toLowerCase() ? known.uuid : null;
}
