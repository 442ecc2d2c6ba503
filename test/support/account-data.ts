/**
 * What this device keeps for an account, by its username, the way the app keeps it
 * (src/entities/account/account-data.ts: a record per account, its data under its local id). A
 * test that writes a key before the app signs in as that username has the app find it there.
 */
import { accountKey, type AccountDataKind } from '../../src/entities/account/account-data';
import { identifyAccount } from '../../src/entities/account/device-accounts';
import { tokenStore } from '../../src/entities/account/token-store';

/** The key of `kind` for the account called `username` on this device (its record made if need be). */
export const keyFor = (username: string, kind: AccountDataKind): string => accountKey(identifyAccount({ username }), kind);

/** What is kept of `kind` for `username`, parsed (null when nothing is). */
export const storedFor = (username: string, kind: AccountDataKind): unknown => JSON.parse(localStorage.getItem(keyFor(username, kind)) ?? 'null');

/**
 * `username` signed in with `token` and known, with its local id (as once who-am-I has answered and
 * the app has found its record): the account in use. Returns its local id.
 */
export function signInAs(username: string, token = `tok-${username}`): string {
  tokenStore.signIn(token);
  const id = identifyAccount({ id: tokenStore.find(token)?.id, username, uuid: tokenStore.find(token)?.uuid });
  tokenStore.note({ username, id }, token);
  return id;
}

/** The local id of the account called `username` on this device (its record made if need be), as the app finds it at sign-in. */
export const idOf = (username: string): string => identifyAccount({ username });
