import { PageHeading } from '../../../components/ui/page-heading';

export function ProfileSkeleton() {
  return (
    <section className="profile card profile-loading" aria-busy="true">
      <PageHeading className="visually-hidden">Profile</PageHeading>
      <div className="profile-banner profile-banner-placeholder skeleton-line" aria-hidden="true" />
      <div className="profile-identity" aria-hidden="true">
        <span className="avatar avatar-placeholder skeleton-line profile-skeleton-avatar" />
        <div className="profile-names">
          <div className="skeleton-line" />
          <div className="skeleton-line" />
        </div>
      </div>
      <p role="status" className="visually-hidden">
        Loading profile…
      </p>
    </section>
  );
}
