import { useLocale, useT } from '../../../i18n/use-t';
import type { User } from '../../../lib/api/schemas';
import { readBadges, readPronouns, type BadgeShape } from '../badge-shape';
import { badgeTint } from '../badge-tint';
import '../profile.css';

/** More than this many badges is a list nobody reads: the rest are counted. */
const MAX_BADGES = 12;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per language, made when first needed. */
function formatDay(ms: number, locale: string): string {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
    dayFormats.set(locale, format);
  }
  return format.format(ms);
}

/** Custom properties that styles.css picks from by theme (.badge-tinted). */
function tintStyle(color: string): React.CSSProperties {
  const light = badgeTint(color, 'light');
  const dark = badgeTint(color, 'dark');
  return {
    '--tint-bg': light.background,
    '--tint-fg': light.color,
    '--tint-border': light.border,
    '--tint-bg-dark': dark.background,
    '--tint-fg-dark': dark.color,
    '--tint-border-dark': dark.border,
  } as React.CSSProperties;
}

function BadgeList({ badges, special = false }: { badges: BadgeShape[]; special?: boolean }) {
  const t = useT();
  const hidden = badges.length - MAX_BADGES;
  return (
    <ul className="profile-badges">
      {badges.slice(0, MAX_BADGES).map((badge, i) => (
        <li
          key={`${i}:${badge.text}`}
          className={['badge', special ? 'badge-special' : '', badge.color ? 'badge-tinted' : ''].filter(Boolean).join(' ')}
          style={badge.color ? tintStyle(badge.color) : undefined}
          title={badge.full ?? undefined}
          dir="auto"
        >
          {badge.text}
        </li>
      ))}
      {hidden > 0 && <li className="profile-badges-more">{t('profile.moreBadges', { count: hidden })}</li>}
    </ul>
  );
}

/** Pronouns, badges and the joined date. The json-typed fields are read by badge-shape.ts and shown as text. */
export function ProfileFacts({ user }: { user: User }) {
  const t = useT();
  const locale = useLocale();
  const pronouns = readPronouns(user.pronoun);
  const badges = readBadges(user.badge);
  const specialBadges = readBadges(user.specialBadge);
  const hasAny = pronouns !== null || badges.length > 0 || specialBadges.length > 0 || user.joined !== null;
  if (!hasAny) return null;
  return (
    <dl className="profile-facts">
      {pronouns && (
        <div className="profile-fact">
          <dt>{t('profile.pronouns')}</dt>
          <dd dir="auto" title={pronouns.full ?? undefined}>
            {pronouns.text}
          </dd>
        </div>
      )}
      {specialBadges.length > 0 && (
        <div className="profile-fact">
          <dt>{t('profile.specialBadges')}</dt>
          <dd>
            <BadgeList badges={specialBadges} special />
          </dd>
        </div>
      )}
      {badges.length > 0 && (
        <div className="profile-fact">
          <dt>{t('profile.badges')}</dt>
          <dd>
            <BadgeList badges={badges} />
          </dd>
        </div>
      )}
      {user.joined !== null && (
        <div className="profile-fact">
          <dt>{t('profile.joined')}</dt>
          <dd>
            <time dateTime={new Date(user.joined).toISOString()}>{formatDay(user.joined, locale)}</time>
          </dd>
        </div>
      )}
    </dl>
  );
}
