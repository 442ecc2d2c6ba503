import { useQuery } from '@tanstack/react-query';
import { NotFoundCard } from '../../../components/ui/not-found-card';
import { PageHeading } from '../../../components/ui/page-heading';
import { ErrorState } from '../../../components/ui/states';
import { Trans } from '../../../i18n/trans';
import { useT } from '../../../i18n/use-t';
import { isApiError } from '../../../lib/api/api-error';
import type { User } from '../../../lib/api/schemas';
import { userQueries } from '../api/queries';
import { ProfileHeader } from './profile-header';
import { ProfileSkeleton } from './profile-skeleton';
import '../profile.css';

interface ProfilePageProps {
  uuid: string;
  fallbackPfp?: string | null;
  /** What follows the profile once it is loaded (the posts seen so far). */
  renderPosts?: (user: User) => React.ReactNode;
  /** Controls in the header once the profile is loaded (the route knows whose profile is its reader's). */
  renderActions?: (user: User) => React.ReactNode;
}

function NoSuchUser({ uuid }: { uuid: string }) {
  const t = useT();
  return (
    <>
      <PageHeading>{t('profile.noSuchUser')}</PageHeading>
      <NotFoundCard>
        <Trans id="profile.noSuchUserText" values={{ uuid }} components={{ 0: <code className="profile-uuid" /> }} />
      </NotFoundCard>
    </>
  );
}

export function ProfilePage({ uuid, fallbackPfp, renderPosts, renderActions }: ProfilePageProps) {
  const t = useT();
  const query = useQuery(userQueries.detail(uuid));

  // Data on screen wins over a failed background refresh.
  if (query.data) {
    return (
      <>
        <ProfileHeader user={query.data} fallbackPfp={fallbackPfp} actions={renderActions?.(query.data)} />
        {renderPosts?.(query.data)}
      </>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.kind === 'not_found') return <NoSuchUser uuid={uuid} />;
    return (
      <>
        <PageHeading>{t('profile.title')}</PageHeading>
        <ErrorState error={query.error} title={t('profile.loadFailed')} onRetry={() => void query.refetch()} />
      </>
    );
  }
  return <ProfileSkeleton />;
}
