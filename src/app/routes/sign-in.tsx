import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeading } from '../../components/ui/page-heading';
import { useSession } from '../../entities/account/use-session';
import { BlogBanner } from '../../features/blog/components/blog-banner';
import { useT } from '../../i18n/use-t';
import { safeNext } from '../require-sign-in';
import { SignInPanelSlot } from '../sign-in-panel-slot';

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
      <PageHeading>{t('auth.signIn')}</PageHeading>
      <SignInPanelSlot notice={notice} destination={next} onSignedIn={() => navigate(next, { replace: true })} />
    </div>
  );
}
