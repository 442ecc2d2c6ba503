import { Suspense, useEffect, useState, type ComponentProps } from 'react';
import { LoadingState } from '../components/ui/states';
import { whenFirstContent } from '../lib/first-content';
import { SignInPanel } from './route-modules';

type SignInPanelProps = ComponentProps<typeof SignInPanel>;

/**
 * The sign-in form, its code loaded after the first paint: a signed-out visitor reads the page
 * (the blog, the welcome text) without waiting for it, and the form takes the place of a loading
 * line when it arrives. Nothing sits below it, so nothing moves. Not a Suspense fallback: React
 * keeps one on screen for at least ~300 ms.
 */
export function SignInPanelSlot(props: SignInPanelProps) {
  const [ready, setReady] = useState(SignInPanel.isLoaded);
  useEffect(() => {
    if (ready) return;
    let live = true;
    // A failed load renders the lazy panel anyway, whose own failure reaches the error boundary.
    const done = () => {
      if (live) setReady(true);
    };
    void whenFirstContent(() => SignInPanel.preload()).then(done, done);
    return () => {
      live = false;
    };
  }, [ready]);
  if (!ready) return <LoadingState />;
  return (
    <Suspense fallback={<LoadingState />}>
      <SignInPanel {...props} />
    </Suspense>
  );
}
