import { useT } from '../../../i18n/use-t';
import type { User } from '../../../lib/api/schemas';
import { useAccountMuteToggle } from '../../../entities/mute/mute-store';

/**
 * A profile that is not one's own offers "Mute @name"; once muted, as Mastodon does, the profile
 * still shows, with a notice that says so and "Unmute @name". Kept in this browser for the
 * account in use; nothing is sent. Signed out, nothing is offered.
 */
export function ProfileMute({ user }: { user: Pick<User, 'uuid' | 'username'> }) {
  const t = useT();
  const mute = useAccountMuteToggle(user);
  if (!mute) return null;
  const button = (
    <button type="button" className="button" onClick={() => mute.toggle()}>
      {mute.label}
    </button>
  );
  if (!mute.muted) return button;
  return (
    <div className="mute-notice" role="note">
      <p>{t('mute.profileMuted', { username: user.username })}</p>
      {button}
    </div>
  );
}
