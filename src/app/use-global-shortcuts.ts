import { useEffect, useEffectEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isTextEntry } from '../features/settings/shortcuts';

/**
 * App-wide single-key shortcuts (the help lists them in features/settings/shortcuts.ts):
 * n opens the composer when signed in. Ignored while typing, with a modifier held, inside a
 * dialog, or when another handler already took the key.
 */
export function useGlobalShortcuts(signedIn: boolean) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
    if (event.key !== 'n' || !signedIn || pathname === '/compose') return;
    if (isTextEntry(event.target)) return;
    if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"], dialog')) return;
    if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
    event.preventDefault();
    void navigate('/compose');
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
