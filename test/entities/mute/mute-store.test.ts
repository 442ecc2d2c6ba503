import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preferences } from '../../../src/lib/preferences';
import { aPost } from '../../support/post-fixture';
import { hasStoredMutes, mutesKey } from '../../../src/entities/mute/mute-core';
import { ANY_MUTES_KEY } from '../../../src/lib/storage-keys';
import {
  addMutedWord,
  isHiddenFor,
  moveMutes,
  muteAccount,
  readMutes,
  removeMutedWord,
  useAccountMuteToggle,
  unmuteAccount,
} from '../../../src/entities/mute/mute-store';

const CHEN = { uuid: 'u-chen', username: 'chen_w' };
const post = (content: string, uuid: string, username: string) => aPost({ id: '1', content, author: { uuid, username, displayName: '', pfp: '' } });

describe('the mute store', () => {
  it('keeps mutes per account, in localStorage, and nothing for an account without', () => {
    muteAccount('ada', CHEN);
    expect(addMutedWord('ada', 'engine')).toBe('added');
    expect(readMutes('ada')).toEqual({ accounts: [CHEN], words: ['engine'] });
    // Exactly that username: another account may differ only in case.
    expect(readMutes('Ada')).toEqual({ accounts: [], words: [] });
    expect(readMutes('bram_stoker')).toEqual({ accounts: [], words: [] });
    expect(hasStoredMutes('bram_stoker')).toBe(false);
    expect(JSON.parse(localStorage.getItem('social.mutes:ada') ?? 'null')).toEqual({ accounts: [CHEN], words: ['engine'] });
  });

  it('removes the entry when the last mute goes, so the feed loads nothing for the account', () => {
    muteAccount('ada', CHEN);
    addMutedWord('ada', 'engine');
    unmuteAccount('ada', CHEN.uuid);
    expect(hasStoredMutes('ada')).toBe(true);
    removeMutedWord('ada', 'engine');
    expect(hasStoredMutes('ada')).toBe(false);
    expect(localStorage.getItem(mutesKey('ada'))).toBeNull();
  });

  it('keeps the marker that some account on this browser mutes something (read before the account is known)', () => {
    expect(hasStoredMutes(null)).toBe(false);
    muteAccount('ada', CHEN);
    addMutedWord('bram_stoker', 'rain');
    expect(localStorage.getItem(ANY_MUTES_KEY)).toBe('1');
    unmuteAccount('ada', CHEN.uuid);
    expect(hasStoredMutes(null)).toBe(true);
    removeMutedWord('bram_stoker', 'rain');
    expect(hasStoredMutes(null)).toBe(false);
    expect(localStorage.getItem(ANY_MUTES_KEY)).toBeNull();
  });

  it('toggles an account’s mute for the account in use, with the control’s text; offers nothing signed out or without a uuid', () => {
    preferences.setAccount(null);
    const { result, rerender, unmount } = renderHook(({ user }) => useAccountMuteToggle(user), { initialProps: { user: CHEN } });
    expect(result.current).toBeNull();
    act(() => preferences.setAccount('ada'));
    expect(result.current).toMatchObject({ muted: false, label: 'Mute @\u2068chen_w\u2069' });
    act(() => result.current!.toggle());
    expect(readMutes('ada').accounts).toEqual([CHEN]);
    expect(result.current).toMatchObject({ muted: true, label: 'Unmute @\u2068chen_w\u2069' });
    act(() => result.current!.toggle());
    expect(readMutes('ada').accounts).toEqual([]);
    rerender({ user: { uuid: '', username: 'no_uuid' } });
    expect(result.current).toBeNull();
    unmount();
    preferences.setAccount(null);
  });

  it('refuses a blank, duplicate (any case or spacing) or too long word, and keeps words as typed, trimmed', () => {
    expect(addMutedWord('ada', '   ')).toBe('empty');
    expect(addMutedWord('ada', '  Łódź  ')).toBe('added');
    expect(addMutedWord('ada', 'ŁÓDŹ')).toBe('duplicate');
    expect(addMutedWord('ada', 'difference   engine')).toBe('added');
    expect(addMutedWord('ada', 'Difference engine')).toBe('duplicate');
    expect(addMutedWord('ada', 'x'.repeat(101))).toBe('too-long');
    expect(readMutes('ada').words).toEqual(['Łódź', 'difference engine']);
  });

  it('ignores what it cannot read: bad JSON, another shape, bad entries (keeping the good ones)', () => {
    localStorage.setItem(mutesKey('ada'), '{not json');
    expect(readMutes('ada')).toEqual({ accounts: [], words: [] });
    localStorage.setItem(mutesKey('ada'), JSON.stringify(['engine']));
    expect(readMutes('ada')).toEqual({ accounts: [], words: [] });
    localStorage.setItem(
      mutesKey('ada'),
      JSON.stringify({ accounts: [CHEN, { uuid: '' }, 7, { uuid: 'u-x' }, CHEN], words: ['engine', 3, '', '  ', 'x'.repeat(500), 'ENGINE'] }),
    );
    expect(readMutes('ada')).toEqual({ accounts: [CHEN], words: ['engine'] });
  });

  it('moves an account’s mutes to its new username, replacing what was kept there', () => {
    muteAccount('ada', CHEN);
    addMutedWord('countess', 'stale');
    moveMutes('ada', 'countess');
    expect(readMutes('countess')).toEqual({ accounts: [CHEN], words: [] });
    expect(hasStoredMutes('ada')).toBe(false);
  });

  it('never hides one’s own post, even with a muted word in it', () => {
    addMutedWord('ada', 'engine');
    expect(isHiddenFor(post('my engine', 'u-ada', 'ada'), 'ada')).toBe(false);
    expect(isHiddenFor(post('my engine', 'u-other', 'Ada'), 'ada')).toBe(true);
    expect(isHiddenFor(post('my engine', 'u-chen', 'chen_w'), 'ada')).toBe(true);
    muteAccount('ada', CHEN);
    expect(isHiddenFor(post('hello', 'u-chen', 'chen_w'), 'ada')).toBe(true);
    expect(isHiddenFor(post('hello', 'u-dalia', 'dalia_n'), 'ada')).toBe(false);
  });
});
