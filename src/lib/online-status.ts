/**
 * Whether the browser has a network, as a tiny store, shared with TanStack Query's onlineManager
 * so that queries pause (keeping what is on screen) instead of failing while offline.
 *
 * Only followed when the API is remote: the in-browser mock answers without any network, so a
 * designer on a train keeps a working preview. Until `followNetwork(true)`, the app counts as online.
 */
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let online = true;
let following = false;

function read() {
  const next = !following || navigator.onLine !== false;
  if (next === online) return;
  online = next;
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const onlineStatus = {
  isOnline: () => online,
  subscribe,
};

/** Starts (or stops) following navigator.onLine and the online/offline events. */
export function followNetwork(follow: boolean): void {
  if (following !== follow) {
    following = follow;
    const method = follow ? 'addEventListener' : 'removeEventListener';
    window[method]('online', read);
    window[method]('offline', read);
  }
  read();
  // Replaces the default listener, which ignores a page that opens already offline.
  onlineManager.setEventListener((setOnline) => {
    setOnline(online);
    return subscribe(() => setOnline(online));
  });
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, onlineStatus.isOnline, () => true);
}
