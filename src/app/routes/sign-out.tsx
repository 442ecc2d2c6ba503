import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { signOut } from '../../features/auth/sign-out';
import { useT } from '../../i18n/use-t';

const handled = new Set<string>();

/** What the Sign out buttons send (`{ signOut: true, all?, remove? }`): a plain link to /sign-out signs nobody out. */
function isSignOutState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { signOut?: unknown }).signOut === true;
}

/**
 * Signs out (when a Sign out button sent the person here) the account in use, or all of them, then
 * shows the home: the feed of the account that took over, or the signed-out home.
 */
export function SignOutRoute() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const requested = isSignOutState(location.state);
  const all = requested && (location.state as { all?: unknown }).all === true;
  const remove = requested && (location.state as { remove?: unknown }).remove === true;
  useEffect(() => {
    // Once per press (an effect may run twice): a second run would sign out the account that took over.
    if (requested && !handled.has(location.key)) signOut(queryClient, { all, remove });
    handled.add(location.key);
    void navigate('/', { replace: true });
  }, [requested, all, remove, queryClient, navigate, location.key]);
  return (
    <p role="status" className="visually-hidden">
      {t('auth.signingOut')}
    </p>
  );
}
