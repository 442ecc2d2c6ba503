/**
 * There is no "who am I" that returns a uuid: it is learned from the first post whose author
 * has the signed-in username, exactly, and kept for the session (docs/api-notes.md, "Who am I"), per
 * account, with the account in the tab's accounts list (token-store.ts): signing an account out
 * forgets it.
 */
import { useStore } from '../../lib/external-store';
import { accountOf, tokenStore } from './token-store';

export const ownUuidStore = {
  /** The uuid learned for the signed-in account `username`, if any. */
  of(username: string | null | undefined): string | null {
    // Exactly as written: the spec says nothing of case, and "Ada" and "ada" may be two accounts.
    return (username && tokenStore.get().accounts.find((a) => a.username === username)?.uuid) || null;
  },
};

/** The signed-in person's uuid once known; null until a post of theirs has been seen. */
export function useOwnUuid(username: string | undefined): string | null {
  useStore(tokenStore);
  return ownUuidStore.of(username);
}

/**
 * "Is this mine", the one rule: whether `who` (a post's author, a profile) is the account `own`. By
 * uuid when both are known; else by the username exactly as written (the spec says nothing of case:
 * a server may hold "Ada" and "ada" as two accounts; a rename rewrites the cached posts' authors).
 */
export function isOwnAccount(
  own: { uuid?: string | null; username?: string } | null | undefined,
  who: { uuid?: string; username?: string } | null | undefined,
): boolean {
  if (!own || !who) return false;
  if (own.uuid && who.uuid) return who.uuid === own.uuid;
  return !!own.username && who.username === own.username;
}

/** Whether `who` is the account signed in with `token` (the one in use by default). */
export const isMine = (who: { uuid?: string; username?: string } | null | undefined, token?: string | null): boolean =>
  isOwnAccount(accountOf(token ?? undefined), who);
