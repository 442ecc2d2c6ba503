/**
 * Whether a new version of the app is ready to take over, and how to let it: set by the lazily
 * loaded service-worker registration, read by the "new version" banner.
 */
import { createStore, useStore } from '../../lib/external-store';

type Apply = () => void;

const apply = createStore<Apply | null>(null);

export const appUpdate = {
  pending: apply.get,
  offer: (next: Apply) => apply.set(next),
  subscribe: apply.subscribe,
};

/** The action that loads the new version, or null while there is none. */
export function useAppUpdate(): Apply | null {
  return useStore(apply);
}
