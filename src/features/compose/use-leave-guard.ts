import { useCallback, useEffect, useRef } from 'react';
import { t } from '../../i18n/i18n';

/** Whether this device keeps what is written to localStorage (not in private mode, not full). */
function storageKeeps(): boolean {
  try {
    const key = 'social.storage-check';
    localStorage.setItem(key, '1');
    localStorage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * Asks before unsent text would be lost, and only then. The draft is saved as it is typed
 * (entities/draft): leaving for another page of the app loses nothing (where storage refuses it,
 * the page keeps it in memory until it is reloaded), so that is never asked about. A reload or
 * closing the tab loses it only where this device cannot keep it: only then the browser asks
 * (beforeunload). Without a `message`, the default is translated when the question is asked.
 */
export function useLeaveGuard(active: boolean, message?: string) {
  // Read at event time, so a submit that clears the draft and navigates in one go is not asked about.
  const activeRef = useRef(active);
  useEffect(() => {
    activeRef.current = active;
  }, [active]);
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!activeRef.current || storageKeeps()) return;
      event.preventDefault();
      event.returnValue = message ?? t('compose.leaveGuard');
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [message]);
  /** Call right before a navigation that follows a successful send. */
  return useCallback(() => {
    activeRef.current = false;
  }, []);
}
