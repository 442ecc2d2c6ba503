/**
 * Web Storage that survives being unavailable (private mode, quota, disabled cookies):
 * reads fall back to null, writes to an in-memory copy, and nothing throws.
 */
export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export function safeStorage(kind: 'local' | 'session'): SafeStorage {
  const memory = new Map<string, string>();
  // Keys whose last write storage refused (quota): the memory copy is newer than storage's.
  const newerInMemory = new Set<string>();
  const area = (): Storage | null => {
    try {
      return kind === 'local' ? window.localStorage : window.sessionStorage;
    } catch {
      return null;
    }
  };
  return {
    get(key) {
      // Storage is the truth when it works; the memory copy only stands in when it does not, or
      // holds a write storage refused (a draft typed at full quota is kept for the session).
      if (newerInMemory.has(key)) return memory.get(key) ?? null;
      try {
        const store = area();
        if (store) return store.getItem(key);
      } catch {
        /* fall through to memory */
      }
      return memory.get(key) ?? null;
    },
    set(key, value) {
      memory.set(key, value);
      try {
        area()?.setItem(key, value);
        newerInMemory.delete(key);
      } catch {
        newerInMemory.add(key);
      }
    },
    remove(key) {
      memory.delete(key);
      newerInMemory.delete(key);
      try {
        area()?.removeItem(key);
      } catch {
        /* nothing to do */
      }
    },
  };
}

export function readJson<T>(storage: SafeStorage, key: string, guard: (v: unknown) => v is T): T | null {
  const raw = storage.get(key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return guard(value) ? value : null;
  } catch {
    return null;
  }
}
