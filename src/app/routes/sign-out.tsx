import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { showOutcome } from '../../components/ui/outcome-notice';
import { tokenStore } from '../../entities/session/token-store';
import { isSignOutState, signOut } from '../../features/auth/sign-out';
import { loadLaterMessages, t as translate } from '../../i18n/i18n';
import { handleText } from '../../lib/bidi';
import { useT } from '../../i18n/use-t';

const handled = new Set<string>();

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
  useEffect(() => {
    // Once per press (an effect may run twice): a second run would sign out the account that took over.
    if (requested && !handled.has(location.key)) {
      const nameOf = (token: string | null) => tokenStore.get().accounts.find((a) => a.token === token)?.username;
      const signedOut = nameOf(tokenStore.getToken());
      signOut(queryClient, { all });
      const now = nameOf(tokenStore.getToken());
      // Another account took over: said where it is seen, not only by the header changing name.
      // (Signed out altogether, the sign-in page says so.)
      if (signedOut && now) {
        void loadLaterMessages().then(() =>
          showOutcome({ text: translate('accounts.signedOutNowUsing', { signedOut: handleText(signedOut), now: handleText(now) }) }),
        );
      }
    }
    handled.add(location.key);
    void navigate('/', { replace: true });
  }, [requested, all, queryClient, navigate, location.key]);
  return (
    <p role="status" className="visually-hidden">
      {t('auth.signingOut')}
    </p>
  );
}
