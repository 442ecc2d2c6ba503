import { lazy, Suspense } from 'react';
import { useSignInWithToken } from '../features/auth/sign-in-with-token';
import { useConfig } from '../lib/config-context';

// A separate chunk with the mock users and their tokens, fetched only in mock mode; a production build
// has none (the constant is false there, and the import goes with the branch).
const MockSignIn = import.meta.env.MOCK_BACKEND ? lazy(() => import('../mocks/mock-sign-in').then((m) => ({ default: m.MockSignIn }))) : null;

/**
 * With the mock backend: the seed users as sign-in buttons, so a reader needs no token. Signing in
 * changes the session, which is all the pages need (the sign-in page then redirects on its own).
 */
export function MockSignInSlot({ beforeSignIn }: { beforeSignIn?: () => void }) {
  const { mocks } = useConfig();
  const signIn = useSignInWithToken({ beforeSignIn });
  return mocks && MockSignIn ? (
    <Suspense fallback={null}>
      <MockSignIn signIn={signIn} />
    </Suspense>
  ) : null;
}
