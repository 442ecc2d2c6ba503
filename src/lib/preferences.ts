/** Local preferences (this browser only). */
import { createStore, useStore } from './external-store';
import { safeStorage } from './safe-storage';

const storage = safeStorage('local');
const SENSITIVE_KEY = 'social.always-show-sensitive';

function readSensitive(): boolean {
  return storage.get(SENSITIVE_KEY) === 'true';
}
const alwaysShowSensitive = createStore(readSensitive());

export const preferences = {
  setAlwaysShowSensitive(value: boolean) {
    storage.set(SENSITIVE_KEY, String(value));
    alwaysShowSensitive.set(value);
  },
  /** Tests: re-read storage (module state outlives a test; storage is cleared between them). */
  reload() {
    alwaysShowSensitive.set(readSensitive());
  },
};

export function useAlwaysShowSensitive(): boolean {
  return useStore(alwaysShowSensitive);
}
