import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { preferences, sensitiveKey, useAlwaysShowSensitive } from '../../src/lib/preferences';

afterEach(() => act(() => preferences.setAccount(null)));

describe('preferences per account', () => {
  it('keep accounts whose usernames differ only in case apart ("Ada" is not "ada")', () => {
    const inForce = renderHook(() => useAlwaysShowSensitive()).result;
    act(() => {
      preferences.setAccount('ada');
      preferences.setAlwaysShowSensitive(true);
    });
    expect(inForce.current).toBe(true);
    act(() => preferences.setAccount('Ada'));
    expect(inForce.current).toBe(false);
    expect(localStorage.getItem(sensitiveKey('Ada'))).toBeNull();
    act(() => preferences.setAccount('ada'));
    expect(inForce.current).toBe(true);
  });
});
