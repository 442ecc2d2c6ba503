import { useT } from '../../../i18n/use-t';
import type { User } from '../../../lib/api/schemas';
import { announce, toggleAccountMute, useMutes } from '../../../entities/mute/mute-store';

/**
 * A profile that is not one's own offers "Mute @name"; once muted, as Mastodon does, the profile
 * still shows, with a notice that says so and "Unmute @name". Kept in this browser for the
 * account in use; nothing is sent. Signed out, nothing is offered.
 */
export function ProfileMute({ user }: { user: Pick<User, 'uuid' | 'username'> }) {
  const t = useT();
  const { account, mutes } = useMutes();
  if (!account || !user.uuid) return null;
  const muted = mutes.accounts.some((a) => a.uuid === user.uuid);
  const username = user.username;
  const button = (
    <button
      type="button"
      className="button"
      onClick={() => {
        const done = toggleAccountMute(account, { uuid: user.uuid, username });
        announce(t(done === 'muted' ? 'mute.mutedAccountDone' : 'mute.unmutedAccountDone', { username }));
      }}
    >
      {t(muted ? 'mute.unmuteAccount' : 'mute.muteAccount', { username })}
    </button>
  );
  if (!muted) return button;
  return (
    <div className="mute-notice" role="note">
      <p>{t('mute.profileMuted', { username })}</p>
      {button}
    </div>
  );
}
