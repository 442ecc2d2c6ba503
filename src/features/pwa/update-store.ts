/**
 * Whether a new version of the app is ready to take over, and how to let it: set by the lazily
 * loaded service-worker registration, read by the "new version" banner.
 */
import { createStore, useStore } from '../../lib/external-store';

type Apply = () => void;

/** The action that loads the new version, or null while there is none: `set` offers it. */
export const appUpdate = createStore<Apply | null>(null);

/** The store's value, for the banner: re-renders when a new version is offered. */
export function useAppUpdate(): Apply | null {
  return useStore(appUpdate);
}
