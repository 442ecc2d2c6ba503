import { Avatar } from '../../../components/ui/avatar';
import { LinkifiedText } from '../../../components/ui/linkified-text';
import { PageHeading } from '../../../components/ui/page-heading';
import { SafeImage } from '../../../components/ui/safe-image';
import { SensitiveGate } from '../../../components/ui/sensitive-gate';
import { t as translate } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import type { User } from '../../../lib/api/schemas';
import { Handle } from '../../../components/ui/handle';
import { safeHttpUrl } from '../../../lib/url';
import { ProfileFacts } from './profile-facts';
import '../profile.css';
import { useAlwaysShowSensitive } from '../../../entities/account/preferences';

/** Called while rendering (the route's too), so the fallback is in the active language. */
export function displayNameOf(user: User): string {
  return user.displayName.trim() ? user.displayName : user.username || translate('profile.unnamed');
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
  const t = useT();
  const alwaysShow = useAlwaysShowSensitive();
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
            <p className="handle profile-handle">
              <Handle username={user.username} />
            </p>
          )}
          {(user.nsfw || user.private) && (
            <p className="profile-flags">
              {user.nsfw && (
                <span className="badge badge-nsfw" title={t('profile.nsfwTitle')}>
                  {t('profile.nsfwBadge')}
                </span>
              )}
              {user.private && (
                <span className="badge badge-private" title={t('profile.privateTitle')}>
                  {t('profile.privateBadge')}
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
      <SensitiveGate hidden={user.nsfw && !alwaysShow} label={t('profile.gateLabel')} revealLabel={t('profile.gateReveal')}>
        {/* Revealed, a sensitive profile without a banner shows none, not an empty grey one. */}
        <SafeImage src={user.banner} alt="" className="profile-banner" fallback={!user.nsfw && bannerPlaceholder} />
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
