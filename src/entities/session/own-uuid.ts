/**
 * There is no "who am I" that returns a uuid: it is learned from the first post whose author
 * has the signed-in username, exactly, and kept for the session (docs/api-notes.md, "Who am I").
 */
import { createStore, useStore } from '../../lib/external-store';
import { safeStorage } from '../../lib/safe-storage';

const storage = safeStorage('session');
const KEY = 'social.own-uuid';

function read(): { username: string; uuid: string } | null {
  const raw = storage.get(KEY);
  if (!raw) return null;
  const at = raw.indexOf('\n');
  return at > 0 ? { username: raw.slice(0, at), uuid: raw.slice(at + 1) } : null;
}

const known = createStore(read());

export const ownUuidStore = {
  get: known.get,
  subscribe: known.subscribe,
  learn(username: string, uuid: string) {
    const current = known.get();
    if (current?.username === username && current.uuid === uuid) return;
    storage.set(KEY, `${username}\n${uuid}`);
    known.set({ username, uuid });
  },
  clear() {
    storage.remove(KEY);
    known.set(null);
  },
};

/** The signed-in person's uuid once known; null until a post of theirs has been seen. */
export function useOwnUuid(username: string | undefined): string | null {
  const current = useStore(ownUuidStore);
  return current && username && current.username === username ? current.uuid : null;
}

/**
 * Whether `who` (a post's author, a profile) is the signed-in account `own`: by uuid once that is
 * known, the only test then; before, by the username exactly as written. The spec says nothing of
 * case: a server may hold "Ada" and "ada" as two accounts.
 */
export function isOwnAccount(own: { uuid: string; username: string } | null, who: { uuid: string; username: string } | null): boolean {
  if (!own || !who) return false;
  return own.uuid ? who.uuid === own.uuid : own.username !== '' && who.username === own.username;
}
