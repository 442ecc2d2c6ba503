/** Local preferences (this browser only). */
import { useSyncExternalStore } from 'react';
import { safeStorage } from './safe-storage';

const storage = safeStorage('local');
const SENSITIVE_KEY = 'social.always-show-sensitive';
const listeners = new Set<() => void>();

function readSensitive(): boolean {
  return storage.get(SENSITIVE_KEY) === 'true';
}
let alwaysShowSensitive = readSensitive();

export const preferences = {
  getAlwaysShowSensitive: () => alwaysShowSensitive,
  setAlwaysShowSensitive(value: boolean) {
    storage.set(SENSITIVE_KEY, String(value));
    alwaysShowSensitive = value;
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Tests: re-read storage. */
  reload() {
    alwaysShowSensitive = readSensitive();
    listeners.forEach((l) => l());
  },
};

export function useAlwaysShowSensitive(): boolean {
  return useSyncExternalStore(preferences.subscribe, preferences.getAlwaysShowSensitive, preferences.getAlwaysShowSensitive);
}
