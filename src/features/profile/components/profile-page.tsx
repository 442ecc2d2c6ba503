import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { PageHeading } from '../../../components/ui/page-heading';
import { ErrorState } from '../../../components/ui/states';
import { isApiError } from '../../../lib/api/api-error';
import type { User } from '../../../lib/api/schemas';
import { userQueries } from '../api/queries';
import { ProfileHeader } from './profile-header';
import { ProfileSkeleton } from './profile-skeleton';

interface ProfilePageProps {
  uuid: string;
  fallbackPfp?: string | null;
  /** What follows the profile once it is loaded (the posts seen so far). */
  renderPosts?: (user: User) => React.ReactNode;
  /** Controls in the header once the profile is loaded (the route knows whose profile is its reader's). */
  renderActions?: (user: User) => React.ReactNode;
}

function NoSuchUser({ uuid }: { uuid: string }) {
  return (
    <div className="state state-empty profile-missing">
      <PageHeading>No such user</PageHeading>
      <p>
        There is no user with the id <code className="profile-uuid">{uuid}</code>. The link may be wrong, or the
        account was removed.
      </p>
      <Link to="/">Go to the feed</Link>
    </div>
  );
}

export function ProfilePage({ uuid, fallbackPfp, renderPosts, renderActions }: ProfilePageProps) {
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
        <PageHeading>Profile</PageHeading>
        <ErrorState error={query.error} title="Could not load this profile" onRetry={() => void query.refetch()} />
      </>
    );
  }
  return <ProfileSkeleton />;
}
