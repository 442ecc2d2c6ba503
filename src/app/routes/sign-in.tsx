import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeading } from '../../components/ui/page-heading';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { useSession } from '../../entities/session/use-session';
import { BlogBanner } from '../../features/blog/components/blog-banner';
import { useT } from '../../i18n/use-t';
import { MockSignInSlot } from '../mock-sign-in-slot';
import { safeNext } from '../require-sign-in';

export function SignInRoute() {
  const t = useT();
  const { signedIn, notice } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get('next'));
  if (signedIn) return <Navigate to={next} replace />;
  return (
    <div className="page page-narrow">
      <BlogBanner />
      <PageHeading>{t('app.signIn')}</PageHeading>
      <SignInForm notice={notice} onSignedIn={() => navigate(next, { replace: true })}>
        <MockSignInSlot />
      </SignInForm>
    </div>
  );
}
