import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../entities/account/use-session';

/** Pages that need a token send a signed-out person to sign-in, and back here afterwards. */
export function RequireSignIn({ children }: { children: React.ReactNode }) {
  const { signedIn } = useSession();
  const location = useLocation();
  if (!signedIn) {
    const next = location.pathname + location.search;
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  return <>{children}</>;
}

/** Only same-app paths are followed after sign-in. */
export function safeNext(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return '/';
  return value;
}
