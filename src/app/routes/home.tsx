import { Suspense } from 'react';
import { PageHeading } from '../../components/ui/page-heading';
import { LoadingState } from '../../components/ui/states';
import { useSession } from '../../entities/account/use-session';
import { BlogBanner } from '../../features/blog/components/blog-banner';
import { useT } from '../../i18n/use-t';
import { FeedRoute } from '../route-modules';
import { SignInPanelSlot } from '../sign-in-panel-slot';

/** Signed out: the blog and the sign-in form, and nothing that needs a token. Signed in: the feed. */
export function HomeRoute() {
  const t = useT();
  const { signedIn, notice } = useSession();
  if (signedIn) {
    return (
      <Suspense fallback={<LoadingState label={t('app.loadingFeed')} />}>
        <FeedRoute />
      </Suspense>
    );
  }
  return (
    <div className="page page-narrow">
      <BlogBanner />
      <PageHeading>{t('app.welcomeTitle')}</PageHeading>
      <p>{t('app.welcomeText')}</p>
      <SignInPanelSlot notice={notice} />
    </div>
  );
}
