import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aPost } from '../../support/post-fixture';
import { keyFor, signInAs } from '../../support/account-data';
import { hasStoredMutes } from '../../../src/entities/mute/mute-core';
import { identifyAccount, readDeviceAccounts } from '../../../src/entities/account/device-accounts';
import { tokenStore } from '../../../src/entities/account/token-store';
import {
  addMutedWord,
  isHiddenFor,
  muteAccount,
  readMutes,
  removeMutedWord,
  useAccountMuteToggle,
  unmuteAccount,
} from '../../../src/entities/mute/mute-store';

const CHEN = { uuid: 'u-chen', username: 'chen_w' };
const post = (content: string, uuid: string, username: string) => aPost({ id: '1', content, author: { uuid, username, displayName: '', pfp: '' } });
/** The local id of the account called `username` on this device. */
const id = (username: string) => identifyAccount({ username });

describe('the mute store', () => {
  it('keeps mutes per account, in localStorage under the account’s local id, and nothing for an account without', () => {
    const ada = id('ada');
    muteAccount(ada, CHEN);
    expect(addMutedWord(ada, 'engine')).toBe('added');
    expect(readMutes(ada)).toEqual({ accounts: [CHEN], words: ['engine'] });
    // Exactly that username: another account may differ only in case.
    expect(id('Ada')).not.toBe(ada);
    expect(readMutes(id('Ada'))).toEqual({ accounts: [], words: [] });
    expect(readMutes(id('bram_stoker'))).toEqual({ accounts: [], words: [] });
    expect(hasStoredMutes(id('bram_stoker'))).toBe(false);
    expect(JSON.parse(localStorage.getItem(keyFor('ada', 'mutes')) ?? 'null')).toEqual({ accounts: [CHEN], words: ['engine'] });
  });

  it('removes the entry when the last mute goes, so the feed loads nothing for the account', () => {
    const ada = id('ada');
    muteAccount(ada, CHEN);
    addMutedWord(ada, 'engine');
    unmuteAccount(ada, CHEN.uuid);
    expect(hasStoredMutes(ada)).toBe(true);
    removeMutedWord(ada, 'engine');
    expect(hasStoredMutes(ada)).toBe(false);
    expect(localStorage.getItem(keyFor('ada', 'mutes'))).toBeNull();
  });

  it('says whether some account on this browser mutes something (read before the account is known)', () => {
    expect(hasStoredMutes(null)).toBe(false);
    muteAccount(id('ada'), CHEN);
    addMutedWord(id('bram_stoker'), 'rain');
    expect(hasStoredMutes(null)).toBe(true);
    unmuteAccount(id('ada'), CHEN.uuid);
    expect(hasStoredMutes(null)).toBe(true);
    removeMutedWord(id('bram_stoker'), 'rain');
    expect(hasStoredMutes(null)).toBe(false);
  });

  it('toggles an account’s mute for the account in use, with the control’s text; offers nothing signed out or without a uuid', () => {
    const { result, rerender, unmount } = renderHook(({ user }) => useAccountMuteToggle(user), { initialProps: { user: CHEN } });
    expect(result.current).toBeNull();
    let ada = '';
    act(() => {
      ada = signInAs('ada');
    });
    expect(result.current).toMatchObject({ muted: false, label: 'Mute @\u2068chen_w\u2069' });
    act(() => result.current!.toggle());
    expect(readMutes(ada).accounts).toEqual([CHEN]);
    expect(result.current).toMatchObject({ muted: true, label: 'Unmute @\u2068chen_w\u2069' });
    act(() => result.current!.toggle());
    expect(readMutes(ada).accounts).toEqual([]);
    rerender({ user: { uuid: '', username: 'no_uuid' } });
    expect(result.current).toBeNull();
    unmount();
  });

  it('refuses a blank, duplicate (any case or spacing) or too long word, and keeps words as typed, trimmed', () => {
    const ada = id('ada');
    expect(addMutedWord(ada, '   ')).toBe('empty');
    expect(addMutedWord(ada, '  Łódź  ')).toBe('added');
    expect(addMutedWord(ada, 'ŁÓDŹ')).toBe('duplicate');
    expect(addMutedWord(ada, 'difference   engine')).toBe('added');
    expect(addMutedWord(ada, 'Difference engine')).toBe('duplicate');
    expect(addMutedWord(ada, 'x'.repeat(101))).toBe('too-long');
    expect(readMutes(ada).words).toEqual(['Łódź', 'difference engine']);
  });

  it('ignores what it cannot read: bad JSON, another shape, bad entries (keeping the good ones)', () => {
    const ada = id('ada');
    localStorage.setItem(keyFor('ada', 'mutes'), '{not json');
    expect(readMutes(ada)).toEqual({ accounts: [], words: [] });
    localStorage.setItem(keyFor('ada', 'mutes'), JSON.stringify(['engine']));
    expect(readMutes(ada)).toEqual({ accounts: [], words: [] });
    localStorage.setItem(
      keyFor('ada', 'mutes'),
      JSON.stringify({ accounts: [CHEN, { uuid: '' }, 7, { uuid: 'u-x' }, CHEN], words: ['engine', 3, '', '  ', 'x'.repeat(500), 'ENGINE'] }),
    );
    expect(readMutes(ada)).toEqual({ accounts: [CHEN], words: ['engine'] });
  });

  it('keeps an account’s mutes through a rename: the data stays under its local id', async () => {
    const ada = signInAs('ada');
    muteAccount(ada, CHEN);
    tokenStore.note({ username: 'countess' });
    // The record learns the new name (device-accounts.ts, loaded on demand); the id stays.
    await vi.waitFor(() => expect(readDeviceAccounts()).toContainEqual({ id: ada, username: 'countess' }));
    expect(tokenStore.find('tok-ada')?.id).toBe(ada);
    expect(readMutes(id('countess'))).toEqual({ accounts: [CHEN], words: [] });
  });

  it('never hides one’s own post, even with a muted word in it', () => {
    const ada = signInAs('ada');
    addMutedWord(ada, 'engine');
    const mutes = () => readMutes(ada);
    expect(isHiddenFor(post('my engine', 'u-ada', 'ada'), mutes())).toBe(false);
    expect(isHiddenFor(post('my engine', 'u-other', 'Ada'), mutes())).toBe(true);
    expect(isHiddenFor(post('my engine', 'u-chen', 'chen_w'), mutes())).toBe(true);
    muteAccount(ada, CHEN);
    expect(isHiddenFor(post('hello', 'u-chen', 'chen_w'), mutes())).toBe(true);
    expect(isHiddenFor(post('hello', 'u-dalia', 'dalia_n'), mutes())).toBe(false);
  });
});
