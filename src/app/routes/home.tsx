import { Suspense } from 'react';
import { PageHeading } from '../../components/ui/page-heading';
import { LoadingState } from '../../components/ui/states';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { useSession } from '../../entities/session/use-session';
import { BlogBanner } from '../../features/blog/components/blog-banner';
import { MockSignInSlot } from '../mock-sign-in-slot';
import { FeedRoute } from '../route-modules';


/** Signed out: the blog and the sign-in form, and nothing that needs a token. Signed in: the feed. */
export function HomeRoute() {
  const { signedIn, notice } = useSession();
  if (signedIn) {
    return (
      <Suspense fallback={<LoadingState label="Loading the feed…" />}>
        <FeedRoute />
      </Suspense>
    );
  }
  return (
    <div className="page page-narrow">
      <BlogBanner />
      <PageHeading>Welcome to Social</PageHeading>
      <p>Sign in with your API token to read and write posts.</p>
      <SignInForm notice={notice}>
        <MockSignInSlot />
      </SignInForm>
    </div>
  );
}
