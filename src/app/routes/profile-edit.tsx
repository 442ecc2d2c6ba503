import { useQuery } from '@tanstack/react-query';
import { PageHeading } from '../../components/ui/page-heading';
import { ErrorState, LoadingState } from '../../components/ui/states';
import { meQueries } from '../../entities/session/queries';
import { useSession } from '../../entities/session/use-session';
import { ProfileEditForm } from '../../features/profile/components/profile-edit-form';

export function ProfileEditRoute() {
  const { token } = useSession();
  const me = useQuery({ ...meQueries.profile(token ?? ''), enabled: token !== null });
  return (
    <div className="page">
      <PageHeading>Edit profile</PageHeading>
      {me.isPending ? (
        <LoadingState label="Loading your profile…" />
      ) : me.isError ? (
        <ErrorState error={me.error} title="Could not load your profile" onRetry={() => void me.refetch()} />
      ) : (
        <ProfileEditForm profile={me.data} token={token ?? ''} />
      )}
    </div>
  );
}
