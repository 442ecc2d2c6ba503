/**
 * Whether a new version of the app is ready to take over, and how to let it: set by the lazily
 * loaded service-worker registration, read by the "new version" banner.
 */
import { useSyncExternalStore } from 'react';

type Apply = () => void;

const listeners = new Set<() => void>();
let apply: Apply | null = null;

export const appUpdate = {
  pending: () => apply,
  offer(next: Apply) {
    apply = next;
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** The action that loads the new version, or null while there is none. */
export function useAppUpdate(): Apply | null {
  return useSyncExternalStore(appUpdate.subscribe, appUpdate.pending, () => null);
}
