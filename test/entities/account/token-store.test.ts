/**
 * The accounts signed in in this tab (src/entities/account/token-store.ts): adding, switching,
 * signing out one or all, what a tab signed in before several accounts keeps, and storage that
 * holds something else. Each case loads the module afresh, as a reload of the tab does.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const TOKEN_KEY = 'social.api-token';
const LIST_KEY = 'social.accounts';

async function freshStore() {
  vi.resetModules();
  const tokens = await import('../../../src/entities/account/token-store');
  const uuids = await import('../../../src/entities/account/own-uuid');
  return { ...tokens, ownUuidStore: uuids.ownUuidStore };
}

const tokensIn = (store: { get(): { accounts: readonly { token: string }[] } }) => store.get().accounts.map((a) => a.token);

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('the accounts store', () => {
  it('adds an account beside the one in use, and puts it in use', async () => {
    const { tokenStore } = await freshStore();
    tokenStore.signIn('tok-a');
    tokenStore.signIn('tok-b', 'Now using @b');
    expect(tokenStore.getToken()).toBe('tok-b');
    expect(tokensIn(tokenStore)).toEqual(['tok-a', 'tok-b']);
    expect(tokenStore.get().notice).toBe('Now using @b');
    // A reload of the tab finds both, the same one in use.
    const again = await freshStore();
    expect(again.tokenStore.getToken()).toBe('tok-b');
    expect(tokensIn(again.tokenStore)).toEqual(['tok-a', 'tok-b']);
  });

  it('switches to an account already signed in without adding it twice', async () => {
    const { tokenStore } = await freshStore();
    tokenStore.signIn('tok-a');
    tokenStore.signIn('tok-b');
    tokenStore.signIn('tok-a');
    expect(tokenStore.getToken()).toBe('tok-a');
    expect(tokensIn(tokenStore)).toEqual(['tok-a', 'tok-b']);
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('tok-a');
  });

  it('signs out the account in use: the next one takes over, then the one before, then nobody', async () => {
    const { tokenStore } = await freshStore();
    for (const token of ['tok-a', 'tok-b', 'tok-c']) tokenStore.signIn(token);
    tokenStore.signIn('tok-b');
    tokenStore.signOut();
    expect(tokenStore.getToken()).toBe('tok-c');
    expect(tokensIn(tokenStore)).toEqual(['tok-a', 'tok-c']);
    tokenStore.signOut();
    expect(tokenStore.getToken()).toBe('tok-a');
    tokenStore.signOut();
    expect(tokenStore.getToken()).toBeNull();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('signs out an account not in use (a 401 of its own) and keeps the one in use, saying why', async () => {
    const { tokenStore } = await freshStore();
    tokenStore.signIn('tok-a');
    tokenStore.signIn('tok-b');
    tokenStore.signOut('tok-a', '@a was signed out');
    expect(tokenStore.getToken()).toBe('tok-b');
    expect(tokensIn(tokenStore)).toEqual(['tok-b']);
    expect(tokenStore.get().notice).toBe('@a was signed out');
    // A token no longer signed in changes nothing.
    tokenStore.signOut('tok-gone', 'never');
    expect(tokenStore.getToken()).toBe('tok-b');
    expect(tokenStore.get().notice).toBe('@a was signed out');
  });

  it('signs out of all accounts', async () => {
    const { tokenStore } = await freshStore();
    tokenStore.signIn('tok-a');
    tokenStore.signIn('tok-b');
    tokenStore.signOutAll();
    expect(tokenStore.getToken()).toBeNull();
    expect(tokenStore.get().accounts).toEqual([]);
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(sessionStorage.getItem(LIST_KEY) ?? '[]').not.toContain('tok-');
  });

  it('keeps a tab signed in before several accounts existed signed in (the single token key)', async () => {
    sessionStorage.setItem(TOKEN_KEY, 'tok-old');
    const { tokenStore } = await freshStore();
    expect(tokenStore.getToken()).toBe('tok-old');
    expect(tokensIn(tokenStore)).toEqual(['tok-old']);
    tokenStore.signIn('tok-new');
    expect(tokensIn(tokenStore)).toEqual(['tok-old', 'tok-new']);
  });

  it.each([
    ['not JSON', '{'],
    ['not a list', '{"token":"tok-x"}'],
    ['entries of another shape', '[{"token":42},{"name":"x"}]'],
  ])('ignores an accounts list that is %s, keeping the token in use', async (_, raw) => {
    sessionStorage.setItem(TOKEN_KEY, 'tok-a');
    sessionStorage.setItem(LIST_KEY, raw);
    const { tokenStore } = await freshStore();
    expect(tokenStore.getToken()).toBe('tok-a');
    expect(tokensIn(tokenStore)).toEqual(['tok-a']);
  });

  it('is signed out when no token is in use, whatever the list says', async () => {
    sessionStorage.setItem(LIST_KEY, JSON.stringify([{ token: 'tok-a' }]));
    const { tokenStore } = await freshStore();
    expect(tokenStore.getToken()).toBeNull();
    expect(tokenStore.get().accounts).toEqual([]);
  });

  it('reads the list a reload finds, the token in use naming one of them', async () => {
    sessionStorage.setItem(TOKEN_KEY, 'tok-b');
    sessionStorage.setItem(LIST_KEY, JSON.stringify([{ token: 'tok-a', username: 'ada', name: 'Ada Lovelace' }, { token: 'tok-b' }]));
    const { tokenStore, accountIdOf } = await freshStore();
    expect(tokenStore.getToken()).toBe('tok-b');
    expect(tokenStore.find('tok-a')).toMatchObject({ username: 'ada', name: 'Ada Lovelace' });
    expect(accountIdOf()).toBeNull();
    // Who-am-I says who the account in use is: it gets its local id on this device (a record of its own).
    tokenStore.note({ username: 'bram', name: 'Bram' });
    await vi.waitFor(() => expect(accountIdOf()).toEqual(expect.any(String)));
    // An entry of an older version (no local id) gets its account's id when it is next noted.
    tokenStore.note({ username: 'ada' }, 'tok-a');
    await vi.waitFor(() => expect(accountIdOf('tok-a')).toEqual(expect.any(String)));
    expect(accountIdOf()).not.toBe(accountIdOf('tok-a'));
    expect(JSON.parse(localStorage.getItem('social.device-accounts')!)).toEqual([
      { id: accountIdOf(), username: 'bram' },
      { id: accountIdOf('tok-a'), username: 'ada' },
    ]);
  });

  it("checks a reloaded account's known id against the device's records only once the first content is on screen", async () => {
    // A reload: the account in use has its local id already, and who-am-I comes back with the cache.
    sessionStorage.setItem(TOKEN_KEY, 'tok-a');
    sessionStorage.setItem(LIST_KEY, JSON.stringify([{ token: 'tok-a', id: 'gone', username: 'ada' }]));
    const { tokenStore, accountIdOf } = await freshStore();
    const { holdUntilFirstContent } = await import('../../../src/lib/first-content');
    let painted!: () => void;
    holdUntilFirstContent(new Promise<void>((resolve) => (painted = resolve)), 60_000);
    tokenStore.note({ username: 'ada' });
    // Its data is read under the id it has meanwhile; the device's records are not read yet: by the
    // time the records' module has loaded here (and a few turns after), a check not held back has run.
    await import('../../../src/entities/account/device-accounts');
    for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
    expect(accountIdOf()).toBe('gone');
    expect(localStorage.getItem('social.device-accounts')).toBeNull();
    painted();
    // Then checked: that id has no record on this device (its data was forgotten), so it gets a new one.
    await vi.waitFor(() => expect(accountIdOf()).not.toBe('gone'));
    expect(JSON.parse(localStorage.getItem('social.device-accounts')!)).toEqual([{ id: accountIdOf(), username: 'ada' }]);
  });

  it('keeps each account its own uuid, gone with the account', async () => {
    const { tokenStore, ownUuidStore } = await freshStore();
    tokenStore.signIn('tok-a');
    tokenStore.note({ username: 'ada' });
    tokenStore.note({ username: 'ada', uuid: 'uuid-a' });
    tokenStore.signIn('tok-b');
    tokenStore.note({ username: 'bram' });
    expect(ownUuidStore.of('bram')).toBeNull();
    tokenStore.note({ username: 'bram', uuid: 'uuid-b' });
    expect(ownUuidStore.of('ada')).toBe('uuid-a');
    // Exactly as written: "ADA" may be another account on a server (the spec says nothing of case).
    expect(ownUuidStore.of('ADA')).toBeNull();
    expect(ownUuidStore.of('bram')).toBe('uuid-b');
    tokenStore.signOut('tok-a');
    expect(ownUuidStore.of('ada')).toBeNull();
    expect(ownUuidStore.of('bram')).toBe('uuid-b');
  });

  it('keeps tokens in sessionStorage only', async () => {
    const { tokenStore } = await freshStore();
    tokenStore.signIn('tok-a');
    tokenStore.signIn('tok-b');
    tokenStore.signOut();
    expect(JSON.stringify({ ...localStorage })).not.toContain('tok-');
    expect(document.cookie).not.toContain('tok-');
    expect(JSON.stringify({ ...sessionStorage })).toContain('tok-a');
  });
});
