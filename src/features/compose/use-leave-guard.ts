import { useCallback, useEffect, useRef } from 'react';
import { t } from '../../i18n/i18n';

interface NavigateEventLike extends Event {
  cancelable: boolean;
  hashChange?: boolean;
  destination?: { url: string };
}

/**
 * Asks before leaving a page with unsent text: on reload or close (beforeunload), and on in-app
 * navigation. Hash routes are same-document navigations, so the Navigation API's cancelable
 * `navigate` event catches links, shortcuts and Back alike where the browser has it; elsewhere a
 * capturing click listener catches in-app links. The draft is saved either way. Without a `message`,
 * the default is translated when the question is asked, in the language active then.
 */
export function useLeaveGuard(active: boolean, message?: string) {
  // Read at event time, so a submit that clears the draft and navigates in one go is not asked about.
  const activeRef = useRef(active);
  useEffect(() => {
    activeRef.current = active;
  }, [active]);
  useEffect(() => {
    const question = () => message ?? t('compose.leaveGuard');
    const here = () => window.location.href;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!activeRef.current) return;
      event.preventDefault();
      event.returnValue = question();
    };
    window.addEventListener('beforeunload', onBeforeUnload);

    const nav = (window as unknown as { navigation?: EventTarget }).navigation;
    const onNavigate = (event: Event) => {
      const e = event as NavigateEventLike;
      if (!activeRef.current || !e.cancelable || e.destination?.url === here()) return;
      // Signing out asks about unsent drafts itself (keep or discard), and has already been answered.
      if (e.destination && new URL(e.destination.url).hash.startsWith('#/sign-out')) return;
      if (!window.confirm(question())) e.preventDefault();
    };
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!activeRef.current || !link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
      const href = link.getAttribute('href') ?? '';
      if (!href.startsWith('#/') || link.getAttribute('target')) return;
      if (!window.confirm(question())) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    if (nav) nav.addEventListener('navigate', onNavigate);
    else document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      if (nav) nav.removeEventListener('navigate', onNavigate);
      else document.removeEventListener('click', onClick, true);
    };
  }, [message]);
  /** Call right before a navigation that follows a successful send. */
  return useCallback(() => {
    activeRef.current = false;
  }, []);
}
