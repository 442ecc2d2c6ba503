import { PageHeading } from '../../components/ui/page-heading';
import { ErrorState, LoadingState } from '../../components/ui/states';
import { useMe } from '../../entities/account/use-me';
import { ProfileEditForm } from '../../features/profile/components/profile-edit-form';
import { useT } from '../../i18n/use-t';

export function ProfileEditRoute() {
  const t = useT();
  const me = useMe();
  return (
    <div className="page">
      <PageHeading>{t('profile.editProfile')}</PageHeading>
      {me.isPending ? (
        <LoadingState label={t('profile.loadingOwn')} />
      ) : me.isError ? (
        <ErrorState error={me.error} title={t('profile.loadOwnFailed')} onRetry={() => void me.refetch()} />
      ) : (
        <ProfileEditForm profile={me.data} />
      )}
    </div>
  );
}
