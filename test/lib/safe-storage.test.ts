import { afterEach, describe, expect, it, vi } from 'vitest';
import { readJson, safeStorage } from '../../src/lib/safe-storage';

const securityError = () => new DOMException('The operation is insecure.', 'SecurityError');
const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

/** The browser refuses storage altogether: reading window.localStorage throws (cookies blocked). */
function storageRefused(kind: 'localStorage' | 'sessionStorage') {
  vi.spyOn(window, kind, 'get').mockImplementation(() => {
    throw securityError();
  });
}

afterEach(() => {
  // Before setup.ts clears storage after each test: with storage refused, clearing it would throw.
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('safeStorage, when storage works', () => {
  it('round-trips a value through the browser storage it names', () => {
    const local = safeStorage('local');
    const session = safeStorage('session');
    local.set('k', 'in local');
    session.set('k', 'in session');
    expect(local.get('k')).toBe('in local');
    expect(session.get('k')).toBe('in session');
    expect(localStorage.getItem('k')).toBe('in local');
    expect(sessionStorage.getItem('k')).toBe('in session');
  });

  it('reads null for a key never written', () => {
    expect(safeStorage('local').get('never')).toBeNull();
  });

  it('removes from the browser storage too', () => {
    const local = safeStorage('local');
    local.set('k', 'v');
    local.remove('k');
    expect(local.get('k')).toBeNull();
    expect(localStorage.getItem('k')).toBeNull();
  });

  it('takes storage as the truth: what another tab or module wrote or removed shows at once', () => {
    const local = safeStorage('local');
    local.set('k', 'mine');
    localStorage.setItem('k', 'theirs');
    expect(local.get('k')).toBe('theirs');
    localStorage.removeItem('k');
    // Not the in-memory copy of 'mine': storage works, so it says what is there.
    expect(local.get('k')).toBeNull();
  });
});

describe('safeStorage, when storage fails', () => {
  it('survives storage refused with a SecurityError: nothing throws, and values live in memory', () => {
    storageRefused('localStorage');
    const local = safeStorage('local');
    expect(() => local.set('k', 'v')).not.toThrow();
    expect(local.get('k')).toBe('v');
    expect(() => local.remove('k')).not.toThrow();
    expect(local.get('k')).toBeNull();
    expect(local.get('never')).toBeNull();
  });

  it('keeps each area apart in memory: session storage refused leaves local storage working', () => {
    storageRefused('sessionStorage');
    const session = safeStorage('session');
    const local = safeStorage('local');
    session.set('k', 'session only');
    local.set('k', 'local');
    expect(session.get('k')).toBe('session only');
    expect(local.get('k')).toBe('local');
    expect(localStorage.getItem('k')).toBe('local');
  });

  it('survives a write the quota refuses, and keeps the refused value for the session', () => {
    const local = safeStorage('local');
    local.set('k', 'stored before');
    local.set('other', 'untouched');
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw quotaError();
    });
    expect(() => local.set('k', 'too big')).not.toThrow();
    // What was typed is not lost: this session reads the newer value; other keys still read storage.
    expect(local.get('k')).toBe('too big');
    expect(localStorage.getItem('k')).toBe('stored before');
    expect(local.get('other')).toBe('untouched');
    // Once storage takes a write again, it is the truth again.
    setItem.mockRestore();
    local.set('k', 'fits');
    localStorage.setItem('k', 'changed by another tab');
    expect(local.get('k')).toBe('changed by another tab');
  });

  it('forgets a refused value when the key is removed', () => {
    const local = safeStorage('local');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw quotaError();
    });
    local.set('k', 'too big');
    local.remove('k');
    expect(local.get('k')).toBeNull();
  });

  it('reads the value written this session from memory when reading storage throws', () => {
    const local = safeStorage('local');
    local.set('k', 'v');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw securityError();
    });
    expect(local.get('k')).toBe('v');
    expect(local.get('never')).toBeNull();
  });

  it('survives a removal storage refuses, and forgets the value in memory', () => {
    const local = safeStorage('local');
    local.set('k', 'v');
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw securityError();
    });
    expect(() => local.remove('k')).not.toThrow();
    // With storage unreadable too, only the memory copy could answer: it was forgotten.
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw securityError();
    });
    expect(local.get('k')).toBeNull();
  });
});

describe('readJson', () => {
  const isPoint = (v: unknown): v is { x: number } => typeof v === 'object' && v !== null && typeof (v as { x?: unknown }).x === 'number';

  it('gives the stored value back when it parses and passes the guard', () => {
    const local = safeStorage('local');
    local.set('p', JSON.stringify({ x: 3 }));
    expect(readJson(local, 'p', isPoint)).toEqual({ x: 3 });
  });

  it('gives null for a missing key, a value that is not JSON, and one the guard refuses', () => {
    const local = safeStorage('local');
    expect(readJson(local, 'missing', isPoint)).toBeNull();
    local.set('p', '{not json');
    expect(readJson(local, 'p', isPoint)).toBeNull();
    local.set('p', JSON.stringify({ x: 'three' }));
    expect(readJson(local, 'p', isPoint)).toBeNull();
  });
});
