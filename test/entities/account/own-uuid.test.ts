import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isOwnAccount, useOwnUuid } from '../../../src/entities/account/own-uuid';
import { tokenStore } from '../../../src/entities/account/token-store';

// The uuid is kept on the account in use (token-store.ts): one signed in for these tests, none after.
beforeEach(() => tokenStore.signIn('tok-ada'));
afterEach(() => tokenStore.signOutAll());

const ada = { uuid: 'uuid-ada', username: 'ada' };
/** Another account whose username differs from ada's only in case (a server may hold both). */
const capitalAda = { uuid: 'uuid-cap-ada', username: 'Ada' };

describe('isOwnAccount', () => {
  it('before the uuid is known: the username, exactly as written', () => {
    const own = { uuid: '', username: 'ada' };
    expect(isOwnAccount(own, ada)).toBe(true);
    expect(isOwnAccount(own, capitalAda)).toBe(false);
    expect(isOwnAccount(own, { uuid: 'x', username: 'ADA' })).toBe(false);
    expect(isOwnAccount(own, { uuid: 'x', username: 'ada ' })).toBe(false);
  });

  it('once the uuid is known: the uuid alone, whatever the username says', () => {
    const own = { uuid: 'uuid-ada', username: 'ada' };
    expect(isOwnAccount(own, ada)).toBe(true);
    // Renamed since: still one's own.
    expect(isOwnAccount(own, { uuid: 'uuid-ada', username: 'lovelace' })).toBe(true);
    // The same username but another uuid: not one's own.
    expect(isOwnAccount(own, { uuid: 'uuid-other', username: 'ada' })).toBe(false);
    // An author sent without a uuid: the username decides (the one rule, entities/account/own-uuid.ts).
    expect(isOwnAccount(own, { uuid: '', username: 'ada' })).toBe(true);
    expect(isOwnAccount(own, capitalAda)).toBe(false);
  });

  it('nobody is one’s own while who is signed in is unknown, and no author is', () => {
    expect(isOwnAccount(null, ada)).toBe(false);
    expect(isOwnAccount({ uuid: '', username: '' }, { uuid: '', username: '' })).toBe(false);
    expect(isOwnAccount({ uuid: '', username: 'ada' }, null)).toBe(false);
  });
});

describe('useOwnUuid', () => {
  it('gives the uuid learned under exactly this username, not under one differing in case', () => {
    act(() => tokenStore.note({ username: 'ada', uuid: 'uuid-ada' }));
    expect(renderHook(() => useOwnUuid('ada')).result.current).toBe('uuid-ada');
    expect(renderHook(() => useOwnUuid('Ada')).result.current).toBeNull();
    expect(renderHook(() => useOwnUuid(undefined)).result.current).toBeNull();
  });
});
