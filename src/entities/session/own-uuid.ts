/**
 * There is no "who am I" that returns a uuid: it is learned from the first post whose author
 * has the signed-in username, and kept for the session (docs/api-notes.md, "Who am I"), per
 * account, with the account in the tab's accounts list (token-store.ts): signing an account out
 * forgets it.
 */
import { useStore } from '../../lib/external-store';
import { tokenStore } from './token-store';

export const ownUuidStore = {
  /** The uuid learned for the signed-in account `username`, if any. */
  of(username: string | null | undefined): string | null {
    const wanted = username?.toLowerCase();
    return (wanted && tokenStore.get().accounts.find((a) => a.username?.toLowerCase() === wanted)?.uuid) || null;
  },
  /** `uuid` is the account in use's, whose username is `username`. */
  learn(username: string, uuid: string) {
    tokenStore.note({ username, uuid });
  },
};

/** The signed-in person's uuid once known; null until a post of theirs has been seen. */
export function useOwnUuid(username: string | undefined): string | null {
  useStore(tokenStore);
  return ownUuidStore.of(username);
}
