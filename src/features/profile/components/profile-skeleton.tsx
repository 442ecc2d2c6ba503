import { PageHeading } from '../../../components/ui/page-heading';
import { useT } from '../../../i18n/use-t';
import '../profile.css';

export function ProfileSkeleton() {
  const t = useT();
  return (
    <section className="profile card profile-loading" aria-busy="true">
      <PageHeading className="visually-hidden" loading>{t('profile.title')}</PageHeading>
      <div className="profile-banner profile-banner-placeholder skeleton-line" aria-hidden="true" />
      <div className="profile-identity" aria-hidden="true">
        <span className="avatar avatar-placeholder skeleton-line profile-skeleton-avatar" />
        <div className="profile-names">
          <div className="skeleton-line" />
          <div className="skeleton-line" />
        </div>
      </div>
      <p role="status" className="visually-hidden">
        {t('profile.loading')}
      </p>
    </section>
  );
}
