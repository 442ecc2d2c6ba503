/**
 * The accounts signed in in this tab, and which one is in use: the one source of truth for "whose
 * data is this". Tokens live in sessionStorage only (never localStorage, a cookie, a URL, a log or
 * the persisted query cache), behind this one module:
 *
 * - `social.api-token`: the token of the account in use, the key a tab signed in before several
 *   accounts existed already has (it stays signed in), and the one index.html's loader reads;
 * - `social.accounts`: every signed-in account, `[{ token, id?, username?, name?, uuid? }]`, in the order
 *   they were added (username and name as who-am-I last said, for the account menu; the uuid once
 *   learned; `id`, the local id of its data on this device, account-data.ts, once who it is is known).
 *
 * The token in use is the one answer to "which account is in use": its entry's `id` says whose
 * data every per-account store reads and writes (`accountIdOf`, `useAccountId`).
 *
 * A 401 signs out only the account whose token the request carried (`signOut(token, notice)`).
 */
import * as z from 'zod/mini';
import { createStore, useStore } from '../../lib/external-store';
import { whenFirstContent } from '../../lib/first-content';
import { safeStorage } from '../../lib/safe-storage';
import { ACCOUNTS_KEY, STORAGE_KEYS } from '../../lib/storage-keys';
import { changed } from './account-data';

const storage = safeStorage('session');

export interface Account {
  token: string;
  /** Where its data lives on this device (account-data.ts), once who it is is known. */
  id?: string;
  /** Who the account is, once who-am-I has answered for it. */
  username?: string;
  name?: string;
  /** Its uuid, once learned from a post of its own (src/entities/account/own-uuid.ts). */
  uuid?: string;
}

export interface TokenState {
  /** The token of the account in use; null when signed out. */
  token: string | null;
  /** Why an account was signed out, or which one is now in use: shown until the next change. */
  notice: string | null;
  accounts: readonly Account[];
}

const text = z.optional(z.string());
const accountsSchema = z.array(z.object({ token: z.string(), id: text, username: text, name: text, uuid: text }));

/**
 * The account `token` learns its local id from who it is (device-accounts.ts, loaded on demand): when
 * who-am-I first answers, after a rename or a uuid learned (the record follows), and for an entry of
 * an older version's tab (it kept none). `later`: nothing new of an account whose id this tab knows
 * (a reload, who-am-I restored with the cache): its record is checked once the first content is on
 * screen, its data read under that id meanwhile, and the chunk does not compete with the first posts.
 */
function identify(token: string, later = false): void {
  const run = () =>
    import('./device-accounts').then(({ identifyAccount }) => {
      const account = tokenStore.find(token);
      if (!account?.username) return;
      const id = identifyAccount({ id: account.id, username: account.username, uuid: account.uuid });
      if (id !== account.id) patch(account, { id });
    });
  void (later ? whenFirstContent(run) : run());
}

/** Bad or missing data is an empty list; the token in use always counts as signed in (an older tab has only it). */
function read(token: string | null): Account[] {
  if (!token) return [];
  let list: Account[] = [];
  try {
    list = accountsSchema.parse(JSON.parse(storage.get(ACCOUNTS_KEY)!));
  } catch {
    // Missing or unreadable: only the token in use is known.
  }
  return list.some((a) => a.token === token) ? list : [{ token }, ...list];
}

const stored = storage.get(STORAGE_KEYS.token) || null;
const state = createStore<TokenState>({ token: stored, notice: null, accounts: read(stored) });

function commit(accounts: Account[], token: string | null, notice: string | null = null): void {
  if (token) storage.set(STORAGE_KEYS.token, token);
  else storage.remove(STORAGE_KEYS.token);
  storage.set(ACCOUNTS_KEY, JSON.stringify(accounts));
  state.set({ token, notice, accounts });
  // Whose data is read may have changed: every per-account store reads again.
  changed();
}

/** Changes what is known of one account. */
const patch = (account: Account, fields: Omit<Account, 'token'>) =>
  commit(state.get().accounts.map((a) => (a === account ? { ...a, ...fields } : a)), state.get().token, state.get().notice);

export const tokenStore = {
  get: state.get,
  subscribe: state.subscribe,
  getToken: (): string | null => state.get().token,
  /** The account signed in with `token`, if it still is. */
  find: (token: string | null | undefined): Account | undefined => state.get().accounts.find((a) => a.token === token),
  /**
   * Puts the account with `token` in use, signing it in first when it is not yet (the accounts
   * already signed in stay): sign-in, Add account, switching. `notice` says so on the page.
   */
  signIn(token: string, notice: string | null = null) {
    const { accounts } = state.get();
    commit(tokenStore.find(token) ? accounts.slice() : [...accounts, { token }], token, notice);
  },
  /**
   * What is known of the account `token` (the one in use by default): who-am-I's answer, its uuid.
   * Its record on this device learns it too (a rename changes the record; no data moves).
   */
  note(fields: Omit<Account, 'token'>, token = state.get().token) {
    const account = tokenStore.find(token);
    if (!account) return;
    const news = Object.entries(fields).some(([key, value]) => account[key as keyof Account] !== value);
    if (news) patch(account, fields);
    identify(account.token, !news && account.id !== undefined);
  },
  /**
   * Signs out the account with `token` (the one in use by default): when it was in use, the next
   * one signed in takes over (else the one before), or nobody is. `notice` says why (a 401).
   */
  signOut(token = state.get().token, notice: string | null = null) {
    const { accounts, token: current } = state.get();
    const at = accounts.findIndex((a) => a.token === token);
    if (at < 0) {
      if (!current) commit([], null, notice);
      return;
    }
    const rest = accounts.filter((_, i) => i !== at);
    commit(rest, current !== token ? current : (rest[at] ?? rest[at - 1])?.token ?? null, notice);
  },
  signOutAll() {
    commit([], null);
  },
};

/** The account signed in with `token` (the one in use by default). */
export const accountOf = (token = state.get().token): Account | undefined => tokenStore.find(token);

/**
 * Whose data is this: the local id of the account `token` (the one in use by default), which every
 * per-account store reads and writes under. Null when signed out or before who-am-I has said who it is.
 */
export const accountIdOf = (token = state.get().token): string | null => accountOf(token)?.id ?? null;

/** The account in use's local id; re-renders when another account takes over or it becomes known. */
export function useAccountId(): string | null {
  useStore(state);
  return accountIdOf();
}
