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
      {/* Once shown, the form stays: who-am-I asked again (stale) and failing must not throw away
          what is being typed, nor the press of Save on its way (a background failure is said by the
          layout's notice). */}
      {me.data ? (
        <ProfileEditForm profile={me.data} />
      ) : me.isError ? (
        <ErrorState error={me.error} title={t('profile.loadOwnFailed')} onRetry={() => void me.refetch()} />
      ) : (
        <LoadingState label={t('profile.loadingOwn')} />
      )}
    </div>
  );
}
