import { useQueryClient } from '@tanstack/react-query';
import { SignInForm } from '../features/auth/components/sign-in-form';
import { holdForSignedInPage } from './boot-prefetch';
import { MockSignInSlot } from './mock-sign-in-slot';
import { preloadPageFor } from './route-modules';

interface SignInPanelProps {
  notice?: string | null;
  onSignedIn?: () => void;
  /** Where signing in leads ('/' by default, the feed): its code loads while the person signs in. */
  destination?: string;
}

/** The sign-in form with, in mock mode, the seed users' buttons: one chunk, loaded only when signed out. */
export function SignInPanel({ notice, onSignedIn, destination = '/' }: SignInPanelProps) {
  // A failed load is left to the page itself, which renders (and reports) it after sign-in.
  const loadDestination = () => void preloadPageFor(destination).catch(() => undefined);
  const queryClient = useQueryClient();
  // What the signed-in page can do without (status ping, profile) waits for its first content, as at boot.
  const holdForDestination = () => holdForSignedInPage(queryClient, destination);
  return (
    <SignInForm notice={notice} onSignedIn={onSignedIn} onIntent={loadDestination} beforeSignIn={holdForDestination}>
      <MockSignInSlot beforeSignIn={holdForDestination} />
    </SignInForm>
  );
}
