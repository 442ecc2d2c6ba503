import { SignInForm } from '../features/auth/components/sign-in-form';
import { MockSignInSlot } from './mock-sign-in-slot';

/** The sign-in form with, in mock mode, the seed users' buttons: one chunk, loaded only when signed out. */
export function SignInPanel({ notice, onSignedIn }: { notice?: string | null; onSignedIn?: () => void }) {
  return (
    <SignInForm notice={notice} onSignedIn={onSignedIn}>
      <MockSignInSlot />
    </SignInForm>
  );
}
