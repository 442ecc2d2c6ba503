import { PageHeading } from '../../components/ui/page-heading';
import { ErrorState, LoadingState } from '../../components/ui/states';
import { useMe } from '../../entities/session/use-me';
import { ProfileEditForm } from '../../features/profile/components/profile-edit-form';

export function ProfileEditRoute() {
  const me = useMe();
  return (
    <div className="page">
      <PageHeading>Edit profile</PageHeading>
      {me.isPending ? (
        <LoadingState label="Loading your profile…" />
      ) : me.isError ? (
        <ErrorState error={me.error} title="Could not load your profile" onRetry={() => void me.refetch()} />
      ) : (
        <ProfileEditForm profile={me.data} />
      )}
    </div>
  );
}
