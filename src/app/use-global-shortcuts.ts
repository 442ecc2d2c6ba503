import { useLocation, useNavigate } from 'react-router-dom';
import { useShortcut } from '../lib/shortcuts';

/**
 * App-wide shortcuts (the help lists them in features/settings/shortcuts.ts): n opens the
 * composer when signed in. When they apply at all is lib/shortcuts.ts's rule.
 */
export function useGlobalShortcuts(signedIn: boolean) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useShortcut(
    ['n'],
    () => {
      if (pathname === '/compose') return false;
      void navigate('/compose');
    },
    { enabled: signedIn },
  );
}
