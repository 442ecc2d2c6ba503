import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { PageHeading } from '../../components/ui/page-heading';
import { useSession } from '../../entities/account/use-session';
import { BlogBanner } from '../../features/blog/components/blog-banner';
import { useT } from '../../i18n/use-t';
import { safeNext } from '../require-sign-in';
import { SignInPanelSlot } from '../sign-in-panel-slot';

export function SignInRoute() {
  const t = useT();
  const { signedIn, notice } = useSession();
  const navigate = useNavigate();
  // The location's own query, not useSearchParams: React Router's search-params code would be in
  // every first load (the core chunk) for this one read.
  const next = safeNext(new URLSearchParams(useLocation().search).get('next'));
  if (signedIn) return <Navigate to={next} replace />;
  return (
    <div className="page page-narrow">
      <BlogBanner />
      <PageHeading>{t('auth.signIn')}</PageHeading>
      <SignInPanelSlot notice={notice} destination={next} onSignedIn={() => navigate(next, { replace: true })} />
    </div>
  );
}
