import type { User } from '../../../lib/api/schemas';

function formatDay(ms: number): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(ms);
}

function BadgeList({ items, special = false }: { items: string[]; special?: boolean }) {
  return (
    <ul className="profile-badges">
      {items.map((item, i) => (
        <li key={`${i}:${item}`} className={special ? 'badge badge-special' : 'badge'} dir="auto">
          {item}
        </li>
      ))}
    </ul>
  );
}

/** Pronouns, badges and the joined date: the json-typed fields arrive as plain strings, shown as text. */
export function ProfileFacts({ user }: { user: User }) {
  const hasAny = user.pronouns.length > 0 || user.badges.length > 0 || user.specialBadges.length > 0 || user.joined !== null;
  if (!hasAny) return null;
  return (
    <dl className="profile-facts">
      {user.pronouns.length > 0 && (
        <div className="profile-fact">
          <dt>Pronouns</dt>
          <dd dir="auto">{user.pronouns.join('/')}</dd>
        </div>
      )}
      {user.specialBadges.length > 0 && (
        <div className="profile-fact">
          <dt>Special badges</dt>
          <dd>
            <BadgeList items={user.specialBadges} special />
          </dd>
        </div>
      )}
      {user.badges.length > 0 && (
        <div className="profile-fact">
          <dt>Badges</dt>
          <dd>
            <BadgeList items={user.badges} />
          </dd>
        </div>
      )}
      {user.joined !== null && (
        <div className="profile-fact">
          <dt>Joined</dt>
          <dd>
            <time dateTime={new Date(user.joined).toISOString()}>{formatDay(user.joined)}</time>
          </dd>
        </div>
      )}
    </dl>
  );
}
