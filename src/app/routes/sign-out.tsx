import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isSignOutState, signOut } from '../../features/auth/sign-out';
import { useT } from '../../i18n/use-t';

/** Signs out (when the Sign out button sent the person here), then shows the signed-out home. */
export function SignOutRoute() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const requested = isSignOutState(location.state);
  useEffect(() => {
    if (requested) signOut(queryClient);
    void navigate('/', { replace: true });
  }, [requested, queryClient, navigate]);
  return (
    <p role="status" className="visually-hidden">
      {t('auth.signingOut')}
    </p>
  );
}
