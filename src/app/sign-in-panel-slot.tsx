import { Suspense, type ComponentProps } from 'react';
import { LoadingState } from '../components/ui/states';
import { useLoadedAfterFirstContent } from '../lib/lazy-route';
import { SignInPanel } from './route-modules';

type SignInPanelProps = ComponentProps<typeof SignInPanel>;

/**
 * The sign-in form, its code loaded after the first paint: a signed-out visitor reads the page
 * (the blog, the welcome text) without waiting for it, and the form takes the place of a loading
 * line when it arrives. Nothing sits below it, so nothing moves.
 */
export function SignInPanelSlot(props: SignInPanelProps) {
  // A failed load renders the lazy panel anyway, whose own failure reaches the error boundary.
  if (useLoadedAfterFirstContent(SignInPanel) === 'loading') return <LoadingState />;
  return (
    <Suspense fallback={<LoadingState />}>
      <SignInPanel {...props} />
    </Suspense>
  );
}
