import { Avatar } from '../../../components/ui/avatar';
import { LinkifiedText } from '../../../components/ui/linkified-text';
import { PageHeading } from '../../../components/ui/page-heading';
import { SafeImage } from '../../../components/ui/safe-image';
import { SensitiveGate } from '../../../components/ui/sensitive-gate';
import type { User } from '../../../lib/api/schemas';
import { safeHttpUrl } from '../../../lib/url';
import { ProfileFacts } from './profile-facts';

export function displayNameOf(user: User): string {
  return user.displayName.trim() ? user.displayName : user.username || 'Unnamed user';
}

interface ProfileHeaderProps {
  user: User;
  /** Draft 4's user object has no pfp: an author summary seen on one of their posts may have one. */
  fallbackPfp?: string | null;
  /** The page's h1 (default); false renders an h2, for a header shown among others (the states gallery). */
  pageHeading?: boolean;
  /** Controls beside the name, such as "Edit profile" on one's own profile. */
  actions?: React.ReactNode;
}

/**
 * Banner, avatar, name, flags, bio and facts of one user. User text is only ever text.
 * An nsfw profile keeps its banner and bio behind the sensitive gate.
 */
export function ProfileHeader({ user, fallbackPfp, pageHeading = true, actions }: ProfileHeaderProps) {
  const name = displayNameOf(user);
  const pfp = safeHttpUrl(user.pfp) ?? safeHttpUrl(fallbackPfp);
  const bannerPlaceholder = <div className="profile-banner profile-banner-placeholder" aria-hidden="true" />;
  return (
    <section className="profile card">
      <div className="profile-identity">
        <Avatar src={pfp} name={name} size={96} />
        <div className="profile-names">
          {pageHeading ? (
            <PageHeading className="page-title profile-name">
              <span dir="auto">{name}</span>
            </PageHeading>
          ) : (
            <h2 className="page-title profile-name">
              <span dir="auto">{name}</span>
            </h2>
          )}
          {user.username && (
            <p className="handle profile-handle" dir="auto">
              @{user.username}
            </p>
          )}
          {(user.nsfw || user.private) && (
            <p className="profile-flags">
              {user.nsfw && (
                <span className="badge badge-nsfw" title="This profile is marked as sensitive">
                  NSFW profile
                </span>
              )}
              {user.private && (
                <span className="badge badge-private" title="This account is private">
                  Private account
                </span>
              )}
            </p>
          )}
        </div>
        {actions && <div className="profile-actions">{actions}</div>}
      </div>
      {/*
        The gate renders its children as a fragment once revealed, so banner and bio become
        children of .profile: CSS `order` lifts the (decorative) banner to the top while the
        reading order stays name → bio. One gate, one "Show profile details" button.
      */}
      <SensitiveGate hidden={user.nsfw} label="This profile is marked as sensitive." revealLabel="Show profile details">
        <SafeImage src={user.banner} alt="" className="profile-banner" fallback={bannerPlaceholder} />
        {user.bio.trim() && (
          <p className="profile-bio" dir="auto">
            <LinkifiedText text={user.bio} />
          </p>
        )}
      </SensitiveGate>
      <ProfileFacts user={user} />
    </section>
  );
}
