import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preferences } from '../../../src/entities/account/preference-writes';
import { useAlwaysShowSensitive } from '../../../src/entities/account/preferences';
import { tokenStore } from '../../../src/entities/account/token-store';
import { keyFor, storedFor, signInAs } from '../../support/account-data';

describe('preferences per account', () => {
  it('keep accounts whose usernames differ only in case apart ("Ada" is not "ada")', () => {
    const inForce = renderHook(() => useAlwaysShowSensitive()).result;
    act(() => {
      signInAs('ada');
      preferences.setAlwaysShowSensitive(true);
    });
    expect(inForce.current).toBe(true);
    expect(storedFor('ada', 'prefs')).toEqual({ alwaysShowSensitive: true });
    act(() => void signInAs('Ada'));
    expect(inForce.current).toBe(false);
    expect(localStorage.getItem(keyFor('Ada', 'prefs'))).toBeNull();
    act(() => tokenStore.signIn('tok-ada'));
    expect(inForce.current).toBe(true);
  });

  it('are at their defaults signed out or before the account is known, and saving then keeps nothing', () => {
    const inForce = renderHook(() => useAlwaysShowSensitive()).result;
    act(() => preferences.setAlwaysShowSensitive(true));
    expect(inForce.current).toBe(false);
    act(() => tokenStore.signIn('tok-new'));
    act(() => preferences.setAlwaysShowSensitive(true));
    expect(inForce.current).toBe(false);
    expect(Object.keys(localStorage).filter((key) => key.startsWith('social.account:'))).toEqual([]);
  });

  it('read what another tab wrote (the storage event)', () => {
    const inForce = renderHook(() => useAlwaysShowSensitive()).result;
    act(() => void signInAs('ada'));
    localStorage.setItem(keyFor('ada', 'prefs'), JSON.stringify({ alwaysShowSensitive: true }));
    expect(inForce.current).toBe(false);
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: keyFor('ada', 'prefs') })));
    expect(inForce.current).toBe(true);
  });
});
